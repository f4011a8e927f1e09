// Lets code outside React (the auth actors) wait for the public configuration that ConfigProvider
// loads: a login can start before the configuration has arrived (a back-office path on first load).
import type { ConfigResponse } from '#shared/api/master-data.ts';
import type { ConfigState } from './config.ts';

export interface ConfigWaiter {
  update(state: ConfigState): void;
  /** The configuration once loaded; rejects while loading has failed. */
  get(): Promise<ConfigResponse>;
}

export function createConfigWaiter(): ConfigWaiter {
  let current: ConfigState = { status: 'loading', config: null };
  let waiting: Array<{ resolve: (config: ConfigResponse) => void; reject: (error: Error) => void }> = [];
  return {
    update(state) {
      current = state;
      if (state.status === 'loading') return;
      const settled = waiting;
      waiting = [];
      for (const waiter of settled) {
        if (state.status === 'ready') waiter.resolve(state.config);
        else waiter.reject(new Error('configuration not available'));
      }
    },
    get() {
      if (current.status === 'ready') return Promise.resolve(current.config);
      if (current.status === 'error') return Promise.reject(new Error('configuration not available'));
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}
