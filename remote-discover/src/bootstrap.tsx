import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

// Home's card sections on their own paths, to look at them without the host.
void mountStandalone(app, { '/': 'discover', '/discover': 'discover', '/home/bookmarks': 'homeBookmarks', '/home/continue-watching': 'homeContinueWatching', '/home/discover': 'homeSection' });
