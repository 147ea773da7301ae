import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

// Home's card sections on their own (top-level: the page's script paths are relative) paths, to look at them without the host.
void mountStandalone(app, {
  '/': 'discover',
  '/discover': 'discover',
  '/bookmarks': 'homeBookmarks',
  '/continue-watching': 'homeContinueWatching',
  '/home-section': 'homeSection',
});
