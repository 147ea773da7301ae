/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { loadRemoteApp } from './remote-loader';
export { RuntimeContext, useRuntime } from './runtime-context';
export { PlayerOffline, RemoteSlot } from './RemoteSlot';
