/** The five apps of the composed site: where each lives, its federation name and its default port. */
export const APPS = {
  host: { kind: 'host', federationName: 'host', port: 3000, portEnv: 'MW_PORT_HOST', dir: 'host' },
  'remote-discover': { kind: 'remote', federationName: 'discover', port: 3001, portEnv: 'MW_PORT_DISCOVER', dir: 'remote-discover' },
  'remote-player': { kind: 'remote', federationName: 'player', port: 3002, portEnv: 'MW_PORT_PLAYER', dir: 'remote-player' },
  'remote-account': { kind: 'remote', federationName: 'account', port: 3003, portEnv: 'MW_PORT_ACCOUNT', dir: 'remote-account' },
  'remote-settings': { kind: 'remote', federationName: 'settings', port: 3004, portEnv: 'MW_PORT_SETTINGS', dir: 'remote-settings' },
} as const;

export type AppName = keyof typeof APPS;
export const APP_NAMES = Object.keys(APPS) as AppName[];
export const REMOTE_APPS = APP_NAMES.filter((name) => APPS[name].kind === 'remote');
