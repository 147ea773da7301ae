/**
 * The account API's wire format (docs/behaviour.md#backend-api-account-server), one definition for both ends: the
 * server validates request bodies with these schemas and builds its responses to their types; the account
 * remote validates every response with them. Each schema's name is also its type (what is sent for a
 * request, what is parsed for a response).
 */
export * from './requests';
export * from './responses';
export * from './parse';
export { isNotObject, record } from './record';
export { themeFromWire, themeToWire } from './theme';
