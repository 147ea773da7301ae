export { createStores, type Recovery, type Stores } from './stores';
export { createActions, type StoreActions } from './actions';
export { useHostApi, useHostServicesValue, createHostStateSource, APP_VERSION, type HostApiSources } from './use-host-api';
