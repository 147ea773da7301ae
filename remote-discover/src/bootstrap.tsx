import { mountStandalone } from 'shared-contracts/standalone';
import app from './expose/app';

void mountStandalone(app, { '/': 'discover', '/discover': 'discover' });
