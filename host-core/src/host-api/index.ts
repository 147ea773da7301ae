/** The HostApi remotes receive, built from the local stores: snapshots, actions, the catalog, navigation. */
export { useHostApi, useHostServicesValue, createHostStateSource, APP_VERSION, type HostApiSources } from './use-host-api';
