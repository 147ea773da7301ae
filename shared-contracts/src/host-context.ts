import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './config';
import type { ThemeName } from './theme';

/** Read-only snapshot of the host stores a remote may read. Grows with the features. */
export interface HostState {
  theme: ThemeName;
  language: string;
}

/** The only way a remote changes host state. */
export interface HostActions {
  setTheme(theme: ThemeName): void;
  setLanguage(language: string): void;
}

/** What the host gives every remote page (spec: remotes never import each other, they meet through the host). */
export interface HostApi {
  config: RuntimeConfig;
  /** The product version shown where the spec shows it (4.9.4). */
  appVersion: string;
  state: HostState;
  actions: HostActions;
  /** Client-side navigation inside the host's router. */
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** Provided by the host around every remote slot, and by each remote's standalone page. */
export const HostContext = createContext<HostApi | null>(null);

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a HostContext provider (the host, or a standalone bootstrap)');
  return host;
}
