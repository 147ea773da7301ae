/**
 * The account service this remote runs itself where the host runs none: a contracts 1.3 host loads it
 * (`services.account`) and starts it with its actions, which carry the AccountSyncPort's verbs; the pages
 * use it there too, and on the standalone page. Kept for 1.3 hosts; remove in 1.5 (the engine then leaves
 * this remote's build).
 */
import type { AccountService, AccountServiceHost, RemoteAccountService } from 'shared-contracts';
import { createAccountService } from 'account-sync/service';

let running: ReturnType<typeof createAccountService> | null = null;

function requireService(): AccountService {
  if (!running) throw new Error('the account service has not been started');
  return running;
}

type AsyncMethod = Exclude<keyof AccountService, 'getStatus' | 'subscribe'>;
const forward =
  <K extends AsyncMethod>(name: K) =>
  (...args: Parameters<AccountService[K]>) =>
    (requireService()[name] as (...a: Parameters<AccountService[K]>) => ReturnType<AccountService[K]>)(...args);

export const legacyAccountService: RemoteAccountService = {
  start(host: AccountServiceHost) {
    // Already running (the host started it at boot; a page asks again): keep the first owner's engine.
    if (running) return () => undefined;
    const service = createAccountService({ port: host.actions, backendUrl: host.config.backendUrl });
    running = service;
    return () => {
      service.stop();
      if (running === service) running = null;
    };
  },
  getStatus: () => running?.getStatus() ?? { status: 'signed-out' },
  subscribe: (listener) => running?.subscribe(listener) ?? (() => undefined),
  syncNow: forward('syncNow'),
  login: forward('login'),
  register: forward('register'),
  migrate: forward('migrate'),
  importLocalData: forward('importLocalData'),
  logout: forward('logout'),
  deleteAccount: forward('deleteAccount'),
  listSessions: forward('listSessions'),
  removeSession: forward('removeSession'),
  endOtherSessions: forward('endOtherSessions'),
  renameDevice: forward('renameDevice'),
  updateProfile: forward('updateProfile'),
  resetToDefaultBackend: forward('resetToDefaultBackend'),
};

export default legacyAccountService;
