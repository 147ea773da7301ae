export { accountService } from './account-service';
export { useAccountService } from './use-account-service';
