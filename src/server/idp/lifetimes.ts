// How long a sign-in at the embedded provider lasts: its session, the grant and the refresh tokens
// end together, so renewal never outlives a sign-in (docs/deployment.md "Tokens and idle sign-out").
// The revocation store remembers a revoked grant as long (src/server/auth/revocations.ts).
export const SIGN_IN_SECONDS = 8 * 3600;
