import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

void mountStandalone(app, { '/': 'discover', '/discover': 'discover' });
