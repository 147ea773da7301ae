/**
 * The local stores (docs/behaviour.md#local-data-stores): what each holds and how it is migrated (definitions), the live valtio
 * proxies made from them (stores), and the verbs that change them (actions).
 */
export { createStores, type Recovery, type Stores } from './stores';
export { createActions, type StoreActions } from './actions';
