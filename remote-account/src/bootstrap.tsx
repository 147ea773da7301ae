import { mountStandalone } from 'shared-contracts/standalone';
import app from './expose/app';

void mountStandalone(app, {
  '/': 'login',
  '/login': 'login',
  '/register': 'register',
  '/onboarding': 'onboarding',
  '/migration': 'migration',
});
