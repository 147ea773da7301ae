import './public-path';
import { expose } from 'comlink';
import { parseCaptions } from '../core/captions/parse-captions';
import type { PlayerWorkerApi } from './api';
import { createScrapingApi } from './scraping-api';

const api: PlayerWorkerApi = {
  parseCaptions,
  where: async () => 'worker',
  ...createScrapingApi(),
};

expose(api);
