import { describe, expect, it } from 'vitest';
import * as S from './schemas';

describe('request validation', () => {
  it('tells the client what is wrong in English, as upstream does (zod/mini loads no messages by itself)', () => {
    const result = S.LoginStart.safeParse(null);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      code: 'invalid_type',
      path: [],
      message: 'Invalid input: expected object, received null',
    });
    const meta = S.ProgressMeta.safeParse({ title: 'x', year: 2000, type: 'tv' });
    expect(meta.error!.issues[0]).toMatchObject({ path: ['type'], message: 'Invalid option: expected one of "movie"|"show"' });
  });

  it('checks the metrics reports, which only the server defines', () => {
    const item = { tmdbId: '1', type: 'movie', title: 'X', status: 'success', providerId: 'p' };
    expect(S.ProviderMetrics.safeParse({ items: [item] }).success).toBe(true);
    expect(S.ProviderMetrics.safeParse({ items: [] }).success).toBe(false);
    expect(S.ProviderMetrics.safeParse({ items: Array(11).fill(item) }).success).toBe(false);
    expect(S.ProviderMetrics.safeParse({ items: [{ ...item, status: 'ok' }] }).success).toBe(false);
    expect(S.CaptchaMetric.safeParse({ success: 'yes' }).success).toBe(false);
  });
});
