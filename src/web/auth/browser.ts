// The two things the login flow needs from the browser window: its origin (to build the redirect
// URIs the provider knows) and leaving the SPA for the provider. Kept in one object so tests can
// replace `leave` (jsdom cannot navigate) without touching window.location.
export const browserWindow = {
  origin(): string {
    return window.location.origin;
  },
  /** Full page navigation to the identity provider; the SPA unloads. */
  leave(url: string): void {
    window.location.assign(url);
  },
};
