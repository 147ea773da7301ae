/**
 * The browser extension, DOM-free: its protocol types, the postMessage relay bridge (given a window-like
 * port) and the status check (version ^1.0.2, allowed on this site). A subpath of shared-contracts ('shared-contracts/extension'), not a
 * part of the shared singleton: each app that talks to the extension bundles its own copy, so the host
 * needs no rebuild for it and does not ship semver.
 */
export * from './types';
export * from './bridge';
export * from './status';
