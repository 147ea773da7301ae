import type { ServiceName, StartService } from './types';

/** How each service is started; each lives in its own folder and exports `start`. */
export const registry: Partial<Record<ServiceName, () => Promise<{ start: StartService }>>> = {
  // Each service adds its own line here when it exists, e.g.
  // catalog: () => import('./catalog/index'),
  media: () => import('./media/index'),
  catalog: () => import('./catalog/index'),
  proxy: () => import('./proxy/index'),
  skips: () => import('./skips/index'),
  geo: () => import('./geo/index'),
  backend: () => import('./backend/index'),
  scraper: () => import('./scraper/index'),
  jellyfin: () => import('./jellyfin/index'),
  archive: () => import('./archive/index'),
  opensubtitles: () => import('./opensubtitles/index'),
  guide: () => import('./streaming-guide/index'),
};
