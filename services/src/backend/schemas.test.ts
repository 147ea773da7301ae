import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { wireIssues } from './issues';
import * as S from './schemas';

const issuesOf = (schema: v.GenericSchema, body: unknown) => {
  const result = v.safeParse(schema, body);
  expect(result.success).toBe(false);
  return wireIssues(result.issues!);
};

describe('request validation', () => {
  it('tells the client what is wrong with upstream’s codes and English messages, never the values', () => {
    expect(issuesOf(S.LoginStart, null)).toEqual([{ code: 'invalid_type', path: [], message: 'Expected object, received null' }]);
    expect(issuesOf(S.LoginStart, [])).toEqual([{ code: 'invalid_type', path: [], message: 'Expected object, received array' }]);
    expect(issuesOf(S.LoginStart, {})).toEqual([{ code: 'invalid_type', path: ['publicKey'], message: 'Required' }]);
    expect(issuesOf(S.ProgressMeta, { title: 'x', year: 2000, type: 'tv' })).toEqual([
      { code: 'invalid_enum_value', path: ['type'], message: "Invalid enum value. Expected 'movie' | 'show'" },
    ]);
    const device = issuesOf(S.SessionPatch, { deviceName: 'secret'.repeat(100) });
    expect(device).toEqual([{ code: 'too_big', path: ['deviceName'], message: 'String must contain at most 500 character(s)' }]);
    expect(JSON.stringify(device)).not.toContain('secret');
    const progress = { tmdbId: '1', meta: { title: 'x', year: 1, type: 'movie' }, duration: -1, watched: 1, episodeNumber: 1.5 };
    expect(issuesOf(S.ProgressInput, progress)).toEqual([
      { code: 'too_small', path: ['duration'], message: 'Number must be greater than or equal to 0' },
      { code: 'invalid_type', path: ['episodeNumber'], message: 'Expected integer, received float' },
    ]);
    expect(issuesOf(S.BookmarkList, [{ tmdbId: '1', meta: { title: 'x', year: '1', type: 'movie' }, updatedAt: 'now' }])).toEqual([
      { code: 'invalid_type', path: [0, 'meta', 'year'], message: 'Expected number, received string' },
      { code: 'invalid_string', path: [0, 'updatedAt'], message: 'Invalid datetime' },
    ]);
  });

  it('strips unknown keys and refuses an array for an object whose keys are all optional', () => {
    expect(v.parse(S.SettingsPut, { applicationTheme: 'blue', extra: 1 })).toEqual({ applicationTheme: 'blue' });
    expect(v.safeParse(S.SettingsPut, []).success).toBe(false);
    expect(v.safeParse(S.ProgressDelete, []).success).toBe(false);
  });

  it('checks the metrics reports, which only the server defines', () => {
    const item = { tmdbId: '1', type: 'movie', title: 'X', status: 'success', providerId: 'p' };
    expect(v.safeParse(S.ProviderMetrics, { items: [item] }).success).toBe(true);
    expect(v.safeParse(S.ProviderMetrics, { items: [] }).success).toBe(false);
    expect(v.safeParse(S.ProviderMetrics, { items: Array(11).fill(item) }).success).toBe(false);
    expect(v.safeParse(S.ProviderMetrics, { items: [{ ...item, status: 'ok' }] }).success).toBe(false);
    expect(v.safeParse(S.CaptchaMetric, { success: 'yes' }).success).toBe(false);
  });
});
