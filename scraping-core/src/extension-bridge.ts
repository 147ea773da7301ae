/**
 * The main thread's link to the browser extension. It lives in shared-contracts/extension (the account
 * remote's onboarding talks to the extension too); this module keeps the player's import path.
 */
export { createExtensionBridge, type ExtensionBridgeOptions, type RelayPort } from 'shared-contracts/extension';
