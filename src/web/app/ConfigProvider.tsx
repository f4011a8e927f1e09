// Loads the public configuration once for the whole SPA and shares it. A failure does not hide the
// portal: the shell and the public pages stay usable and ConfigErrorCallout says what is missing.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ConfigResponse } from '#shared/api/master-data.ts';
import { getConfig } from '../api/config.ts';
import type { ConfigState } from './config.ts';

interface ConfigContextValue {
  state: ConfigState;
  /** Tries again after a failure. */
  reload: () => void;
}

const ConfigContext = createContext<ConfigContextValue | null>(null);

export function ConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: 'loading', config: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Aborting on cleanup means StrictMode's second effect run, or a retry, leaves exactly one
    // request whose answer counts.
    const controller = new AbortController();
    getConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', config: null });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading', config: null });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ state, reload }), [state, reload]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

function useConfigContext(): ConfigContextValue {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('Configuration hooks must be used inside <ConfigProvider>');
  return value;
}

export function useConfigState(): ConfigContextValue {
  return useConfigContext();
}

/** The loaded configuration, or null while loading or after a failure. */
export function useConfig(): ConfigResponse | null {
  return useConfigContext().state.config;
}
