export { accountServiceState, configureAccountService, logout, startAccountService } from './account-service';
export { AccountStatusBanner } from './AccountStatusBanner';
