import { mountStandalone } from 'host-core/standalone';
import app from './expose/app';

// The standalone player page: what partners load when they embed only the player.
void mountStandalone(app, {
  '/': 'devVideo',
  '/dev/video': 'devVideo',
  '/media/:media/:season?/:episode?': 'watch',
  '/embed/:media/:season?/:episode?': 'watch',
});
