import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { LOCAL_JELLYFIN_API_KEY } from '../jellyfin/index';
import { createScraperApp } from './app';

/**
 * The remote scraping server. Providers use the services of the same run unless set:
 * - SCRAPER_MEDIA_URL: the local media library (default: `media` of the run, else http://localhost:4101)
 * - SCRAPER_MEDIA_SERVER_URL, SCRAPER_MEDIA_SERVER_KEY: a Jellyfin/Emby server (default: `jellyfin` of the run with its default key)
 * - SCRAPER_ARCHIVE_URL: an Internet Archive-style API (default: `archive` of the run; none otherwise)
 * - SCRAPER_CAPTCHA_TOKEN: when set, requests must carry it in `cf-turnstile-response` (else 403)
 * - SCRAPER_REPORT_URL: where outcomes are reported (default: none)
 */
export const start: StartService = async (options) => {
  const env = options.env;
  const app = createScraperApp({
    settings: () => {
      const mediaServerUrl = env.SCRAPER_MEDIA_SERVER_URL || options.urls.jellyfin;
      const archiveUrl = env.SCRAPER_ARCHIVE_URL || options.urls.archive;
      return {
        localLibraryUrl: env.SCRAPER_MEDIA_URL || options.urls.media || 'http://localhost:4101',
        ...(mediaServerUrl ? { mediaServer: { url: mediaServerUrl, apiKey: env.SCRAPER_MEDIA_SERVER_KEY || LOCAL_JELLYFIN_API_KEY } } : {}),
        ...(archiveUrl ? { archiveUrl } : {}),
      };
    },
    ...(env.SCRAPER_CAPTCHA_TOKEN ? { captchaToken: env.SCRAPER_CAPTCHA_TOKEN } : {}),
    ...(env.SCRAPER_REPORT_URL ? { reportUrl: env.SCRAPER_REPORT_URL } : {}),
    log: options.log,
  });
  return listen('scraper', app, options);
};
