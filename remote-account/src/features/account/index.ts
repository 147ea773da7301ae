export { useAccountService } from './use-account-service';
