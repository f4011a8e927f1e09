// The one gate every lazily loaded part of the SPA goes through (the screens, routes/routes.tsx; the
// modal host, components/modals/LazyModalHost.tsx; the header's language selector and user menu). A part whose code cannot be downloaded (the
// network dropped, the server restarted) does not fail: its load waits here, the shell shows the
// "your data are still here" dialog (components/modals/LoadFailedDialog.tsx), and "Try again"
// downloads every waiting part anew. So the screen on view, and whatever was typed in it, stays
// (a failed navigation stays pending on the page it started from), and no route falls into the
// router's error page for a missing file. Browsers do not remember a failed module download: the
// same `import()` asked again fetches it again.
import { useSyncExternalStore } from 'react';

let retries: (() => void)[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * The message of a module download that failed, in Chromium, Firefox and Safari, and Vite's own
 * for a stylesheet a chunk needs; a module loader that wraps the failure keeps it as its `cause`.
 * Any other error (a module that throws while evaluating) is a defect, not the network: it is
 * thrown on, to the routes' error page.
 */
const DOWNLOAD_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

function isCodeLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return DOWNLOAD_FAILED.test(error.message) || isCodeLoadFailure(error.cause);
}

function retryAsked(): Promise<void> {
  return new Promise((resolve) => {
    retries.push(resolve);
    if (retries.length === 1) changed();
  });
}

/** `load`, asked again after each "Try again" while its code cannot be downloaded. */
export function retryable<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (;;) {
      try {
        return await load();
      } catch (error) {
        if (!isCodeLoadFailure(error)) throw error;
        await retryAsked();
      }
    }
  };
}

/**
 * Fetches a part's code ahead of need (a hover, a focus). A prefetch that fails is nothing to
 * report: the part's own load, through `retryable`, asks again when it is really needed.
 */
export function prefetchCode(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/** "Try again": every part waiting downloads its code anew (one still failing waits again). */
export function retryCodeLoading(): void {
  const waiting = retries;
  retries = [];
  changed();
  for (const retry of waiting) retry();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasWaitingLoad = () => retries.length > 0;

/** Whether some part's code is waiting for the person's "Try again". */
export function useCodeLoadFailed(): boolean {
  return useSyncExternalStore(subscribe, hasWaitingLoad, () => false);
}

/**
 * Resolves once some part's code could not be downloaded: the app's start-up (routes/resolve.ts)
 * stops waiting for a screen then, so the shell renders and can show the dialog.
 */
export function codeLoadFailed(): Promise<void> {
  if (hasWaitingLoad()) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      if (!hasWaitingLoad()) return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}
