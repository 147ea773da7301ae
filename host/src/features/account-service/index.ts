export { accountServiceState, startAccountService } from './account-service';
export { AccountStatusBanner } from './AccountStatusBanner';
export { fallbackLogout } from './fallback-logout';
