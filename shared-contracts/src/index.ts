export * from './version';
export * from './remotes';
export * from './config';
export * from './theme';
export * from './host-context';
export * from './themes';
export * from './media-id';
export * from './stores';
