/**
 * The client side of the account crypto (backend contract A2), for the server's tests and bench: the
 * product's own implementation, so the server is tested against exactly what the site sends.
 */
export * from '../../../remote-account/src/core/crypto';
