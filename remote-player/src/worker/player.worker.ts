import './public-path';
import { expose, transfer } from 'comlink';
import { packCues } from '../core/captions/pack';
import { parseCaptions } from '../core/captions/parse-captions';
import type { PlayerWorkerApi } from './api';
import { createScrapingApi } from './scraping-api';

const api: PlayerWorkerApi = {
  async parseCaptions(input, format) {
    const result = await parseCaptions(input, format);
    if (!result.ok) return result;
    const packed = packCues(result.value);
    return transfer({ ok: true, value: packed }, [packed.times.buffer, packed.ends.buffer]);
  },
  where: () => Promise.resolve('worker' as const),
  ...createScrapingApi(),
};

expose(api);
