/**
 * An account service whose code loads on first use: the engine, the backend client and the account
 * crypto stay out of the first screen's scripts. Status listeners subscribe at once and hear the loaded
 * service's statuses; a failed load is tried again at the next call.
 */
import type { AccountService, AccountStatus } from 'shared-contracts';

type AsyncMethod = {
  [K in keyof AccountService]: AccountService[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof AccountService];

export interface LazyAccountService extends AccountService {
  /** Loads (once) and resolves to the service itself. */
  load(): Promise<AccountService>;
  /** The service once loaded, else null. */
  loaded(): AccountService | null;
}

export function lazyAccountService(load: () => Promise<AccountService>): LazyAccountService {
  let service: AccountService | null = null;
  let loading: Promise<AccountService> | null = null;
  const listeners = new Set<(status: AccountStatus) => void>();

  const ensure = (): Promise<AccountService> =>
    (loading ??= load().then(
      (loaded) => {
        service = loaded;
        loaded.subscribe((status) => listeners.forEach((listener) => listener(status)));
        const status = loaded.getStatus();
        listeners.forEach((listener) => listener(status));
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  const call =
    <K extends AsyncMethod>(name: K) =>
    async (...args: Parameters<AccountService[K]>): Promise<Awaited<ReturnType<AccountService[K]>>> => {
      const loaded = await ensure();
      return (loaded[name] as (...a: Parameters<AccountService[K]>) => Promise<Awaited<ReturnType<AccountService[K]>>>)(...args);
    };

  return {
    load: ensure,
    loaded: () => service,
    getStatus: () => service?.getStatus() ?? { status: 'signed-out' },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    syncNow: call('syncNow'),
    importLocalData: call('importLocalData'),
    login: call('login'),
    register: call('register'),
    migrate: call('migrate'),
    logout: call('logout'),
    deleteAccount: call('deleteAccount'),
    listSessions: call('listSessions'),
    removeSession: call('removeSession'),
    endOtherSessions: call('endOtherSessions'),
    renameDevice: call('renameDevice'),
    updateProfile: call('updateProfile'),
    resetToDefaultBackend: call('resetToDefaultBackend'),
  };
}
