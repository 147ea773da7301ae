export { accountServiceState, startAccountService } from './account-service';
