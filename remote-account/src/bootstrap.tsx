import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

void mountStandalone(app, {
  '/': 'login',
  '/login': 'login',
  '/register': 'register',
  '/onboarding/*': 'onboarding',
  '/migration/*': 'migration',
});
