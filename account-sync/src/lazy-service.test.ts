import type { AccountService, AccountStatus } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { lazyAccountService } from './lazy-service';

/** An account service as the contract gives it, whose status the test sets, recording what it was asked. */
function contractService(calls: string[]) {
  const listeners = new Set<(status: AccountStatus) => void>();
  let status: AccountStatus = { status: 'signed-out' };
  const record = (name: string) => async () => void calls.push(name);
  const service: AccountService = {
    getStatus: () => status,
    subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    syncNow: record('syncNow'),
    login: record('login'),
    register: record('register'),
    migrate: record('migrate'),
    importLocalData: record('importLocalData'),
    logout: record('logout'),
    deleteAccount: record('deleteAccount'),
    listSessions: async () => (calls.push('listSessions'), []),
    removeSession: record('removeSession'),
    endOtherSessions: async () => (calls.push('endOtherSessions'), 2),
    renameDevice: record('renameDevice'),
    updateProfile: record('updateProfile'),
    resetToDefaultBackend: record('resetToDefaultBackend'),
  };
  const setStatus = (next: AccountStatus) => ((status = next), listeners.forEach((listener) => listener(next)));
  return { service, setStatus };
}

describe('an account service loaded on first use', () => {
  it('loads nothing until asked; a call loads it once and is answered by it', async () => {
    const calls: string[] = [];
    let loads = 0;
    const { service } = contractService(calls);
    const lazy = lazyAccountService(async () => (loads++, service));
    expect(lazy.getStatus()).toEqual({ status: 'signed-out' });
    expect([loads, lazy.loaded()]).toEqual([0, null]);
    await lazy.logout();
    expect(await lazy.endOtherSessions()).toBe(2);
    expect([loads, lazy.loaded(), calls]).toEqual([1, service, ['logout', 'endOtherSessions']]);
  });

  it('a listener subscribed before the load hears the status then, and every status after', async () => {
    const { service, setStatus } = contractService([]);
    setStatus({ status: 'syncing' });
    const lazy = lazyAccountService(async () => service);
    const heard: string[] = [];
    const stop = lazy.subscribe((status) => heard.push(status.status));
    await lazy.load();
    setStatus({ status: 'synced', at: 1 });
    stop();
    setStatus({ status: 'signed-out' });
    expect(heard).toEqual(['syncing', 'synced']);
    expect(lazy.getStatus()).toEqual({ status: 'signed-out' });
  });

  it('a load that fails fails the call, and the next call loads again', async () => {
    const calls: string[] = [];
    const { service } = contractService(calls);
    let attempts = 0;
    const lazy = lazyAccountService(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return service;
    });
    await expect(lazy.syncNow()).rejects.toThrow('Failed to fetch');
    await lazy.syncNow();
    expect([attempts, calls]).toEqual([2, ['syncNow']]);
  });
});
