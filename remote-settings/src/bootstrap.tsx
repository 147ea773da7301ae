import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

void mountStandalone(app, { '/': 'settings', '/settings': 'settings', '/dev': 'dev', '/admin': 'admin' });
