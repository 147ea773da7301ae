/**
 * The root module is a shared singleton: a remote runs the host's copy, which may be the previous minor's.
 * So a minor adds nothing here that a remote calls; a new pure helper is a subpath module of its own
 * (package.json "exports"), which every app bundles. See docs/deploy.md#contract-skew-which-host-runs-which-remotes.
 */
export * from './version';
export * from './remotes';
export * from './config';
export * from './theme';
export * from './host-context';
export * from './themes';
export * from './media-id';
export * from './quality';
export * from './stores';
export * from './catalog';
export * from './languages';
export * from './release';
export * from './embed-messages';
export * from './sources';
export * from './progress-rules';
export * from './region';
export * from './profile-icons';
export * from './proxy-list';
