/**
 * The wire format against what servers really send: the upstream movie-web backend's recorded answers,
 * our server's, and garbage.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as W from './index';

const STAMP = '2024-05-01T10:00:12.000Z';
const profile = { colorA: '#2E65CF', colorB: '#E1EB99', icon: 'handcuffs' };
const user = {
  id: 'Xb7e9Qk2LmN0',
  namespace: 'movie-web',
  publicKey: 'VBC9WUuOt4TDveyl_aHQBYPW-yA-DmSu92lo6mCVsbk',
  roles: [],
  createdAt: STAMP,
  profile,
};
const session = {
  id: '6f2f1b1e-2b0c-4c53-9a35-6c7b5e0a4d11',
  userId: user.id,
  createdAt: STAMP,
  accessedAt: STAMP,
  device: 'aXYxMjM0NTY3ODkwMTI=.Y3Q=.dGFnMTIzNDU2Nzg5MDEy',
  userAgent: 'Mozilla/5.0',
};
const meta = { title: 'Metropolis', year: 1927, poster: 'https://image.tmdb.org/t/p/w342/x.jpg', type: 'movie' };

describe('responses: what upstream and our server answer passes', () => {
  it.each<[string, W.WireSchema, unknown]>([
    ['/meta (captcha off, no description)', W.MetaResponse, { name: 'movie-web', version: '1.3.1', hasCaptcha: false }],
    ['/meta (captcha on)', W.MetaResponse, { name: 'b', description: 'Hi', version: 'unknown', hasCaptcha: true, captchaClientKey: '6Lc' }],
    ['login/start', W.ChallengeResponse, { challenge: session.id }],
    ['login/complete (with lastLoggedIn)', W.AuthResponse, { user: { ...user, lastLoggedIn: STAMP }, session, token: 'eyJ.x.y' }],
    ['GET /users/@me', W.MeResponse, { user, session }],
    ['PATCH /users/:uid (a bare UserDTO)', W.UserResponse, user],
    ['DELETE /users/:uid', W.IdResponse, { id: user.id }],
    ['GET /users/:uid/sessions', W.SessionList, [session, { ...session, id: 'other' }]],
    ['DELETE /users/:uid/sessions (ours)', W.CountResponse, { count: 2 }],
    [
      'GET /bookmarks (poster absent)',
      W.BookmarkListResponse,
      [{ tmdbId: '19', meta: { title: 'X', year: 0, type: 'show' }, updatedAt: STAMP }],
    ],
    ['POST /bookmarks/:tmdbid', W.BookmarkResponse, { tmdbId: '19', meta, updatedAt: STAMP }],
    ['DELETE /bookmarks/:tmdbid', W.BookmarkDeleteResponse, { tmdbId: '19' }],
    // Upstream's quirks: bigint columns as strings, {id: null, number: null} for a movie read from the database.
    [
      'GET /progress (rows from the database)',
      W.ProgressListResponse,
      [
        {
          id: session.id,
          tmdbId: '19',
          season: { id: null, number: null },
          episode: { id: null, number: null },
          meta,
          duration: '8160',
          watched: '120',
          updatedAt: STAMP,
        },
        {
          id: 'b',
          tmdbId: '1399',
          season: { id: 's1', number: 1 },
          episode: { id: 'e1', number: 2 },
          meta: { ...meta, type: 'show' },
          duration: 3000,
          watched: 2999,
          updatedAt: STAMP,
        },
      ],
    ],
    [
      'PUT /progress/:tmdbid (a fresh object)',
      W.ProgressResponse,
      { id: 'a', tmdbId: '19', season: {}, episode: {}, meta, duration: 8160, watched: 1201, updatedAt: STAMP },
    ],
    ['PUT /progress/import (only rows that existed)', W.ProgressListResponse, []],
    ['DELETE /progress/:tmdbid', W.ProgressDeleteResponse, { count: 0, tmdbId: '1399', seasonId: 's1', episodeId: 'e1' }],
    ['GET /settings never set', W.SettingsResponse, { id: user.id }],
    [
      'PUT /settings',
      W.SettingsResponse,
      { id: user.id, applicationTheme: null, applicationLanguage: 'de', defaultSubtitleLanguage: null, proxyUrls: ['https://p.example'] },
    ],
  ])('%s', (_route, schema, body) => {
    const result = W.parseWire(schema, body);
    expect(result).toEqual({ ok: true, value: body });
  });

  it('unknown keys (a newer or other server) are accepted and dropped', () => {
    const result = W.parseWire(W.MeResponse, {
      user: { ...user, name: 'upstream client type', extra: { a: 1 } },
      session: { ...session, expiresAt: STAMP },
      trace: 'x',
    });
    expect(result).toEqual({ ok: true, value: { user, session } });
  });
});

describe('responses: garbage is refused, and said where', () => {
  it.each<[string, W.WireSchema, unknown, string]>([
    ['no body at all', W.MeResponse, null, 'the body: expected object, got null'],
    ['a string', W.MeResponse, '<!doctype html>', 'the body: expected object, got string'],
    ['an array for an object', W.SettingsResponse, [], 'the body: expected object, got array'],
    ['an object for a list', W.BookmarkListResponse, { items: [] }, 'the body: expected array, got object'],
    ['a missing token', W.AuthResponse, { user, session }, 'token: missing'],
    [
      'a profile of the wrong type',
      W.MeResponse,
      { user: { ...user, profile: 'cat' }, session },
      'user.profile: expected object, got string',
    ],
    [
      'a year as text',
      W.BookmarkListResponse,
      [{ tmdbId: '1', meta: { ...meta, year: '1927' }, updatedAt: STAMP }],
      '0.meta.year: expected number, got string',
    ],
    [
      'watched as a boolean',
      W.ProgressResponse,
      { id: 'a', tmdbId: '19', season: {}, episode: {}, meta, duration: 1, watched: true, updatedAt: STAMP },
      'watched: none of the allowed types (got boolean)',
    ],
    ['hasCaptcha as text', W.MetaResponse, { name: 'x', version: '1', hasCaptcha: 'no' }, 'hasCaptcha: expected boolean, got string'],
    [
      'settings proxies as one string',
      W.SettingsResponse,
      { id: 'u', proxyUrls: 'https://p.example' },
      'proxyUrls: expected array, got string',
    ],
  ])('%s', (_case, schema, body, problem) => {
    expect(W.parseWire(schema, body)).toEqual({ ok: false, problem });
  });

  it('names the first three problems and counts the rest, never a value', () => {
    const result = W.parseWire(W.SessionResponse, {
      id: 1,
      userId: 2,
      createdAt: 3,
      accessedAt: 4,
      device: 'secret-device-blob',
      userAgent: 6,
    });
    expect(result).toEqual({
      ok: false,
      problem: 'id: expected string, got number; userId: expected string, got number; createdAt: expected string, got number; 2 more',
    });
  });
});

describe('requests: the bodies the server accepts', () => {
  const registration = {
    publicKey: user.publicKey,
    challenge: { code: session.id, signature: 'sig' },
    namespace: 'movie-web',
    device: 'blob',
    profile,
  };

  it('accepts the client’s bodies and strips unknown keys', () => {
    expect(v.parse(W.RegisterComplete, { ...registration, extra: 1 })).toEqual(registration);
    expect(v.parse(W.LoginComplete, { ...registration, namespace: 'ignored' })).toEqual({
      publicKey: user.publicKey,
      challenge: registration.challenge,
      device: 'blob',
    });
    expect(
      v.safeParse(W.ProgressImport, [
        {
          tmdbId: '19',
          meta: { ...meta, type: 'show' },
          duration: 10,
          watched: 5,
          seasonId: 's',
          episodeId: 'e',
          seasonNumber: 1,
          episodeNumber: 2,
          updatedAt: '2024-05-01T10:00:00+02:00',
        },
      ]).success,
    ).toBe(true);
    expect(v.safeParse(W.SettingsPut, { applicationTheme: null, proxyUrls: null }).success).toBe(true);
    expect(v.safeParse(W.ProgressDelete, {}).success).toBe(true);
  });

  it.each<[string, W.WireSchema, unknown]>([
    ['no body (null)', W.LoginStart, null],
    ['an empty device name', W.RegisterComplete, { ...registration, device: '' }],
    ['a profile colour too long', W.RegisterComplete, { ...registration, profile: { ...profile, colorA: 'x'.repeat(101) } }],
    ['a progress type other than movie or show', W.ProgressInput, { tmdbId: '1', meta: { ...meta, type: 'tv' }, duration: 1, watched: 1 }],
    ['a negative time', W.ProgressInput, { tmdbId: '1', meta, duration: -1, watched: 1 }],
    ['a fractional episode number', W.ProgressInput, { tmdbId: '1', meta, duration: 1, watched: 1, episodeNumber: 1.5 }],
    ['an updatedAt that is not ISO', W.BookmarkInput, { tmdbId: '1', meta, updatedAt: 'yesterday' }],
    ['a year of null (upstream sent NaN)', W.BookmarkInput, { tmdbId: '1', meta: { ...meta, year: null } }],
    ['a poster of null', W.BookmarkPost, { meta: { ...meta, poster: null } }],
    ['an empty tmdb id', W.BookmarkInput, { tmdbId: '', meta }],
    ['more than 10,000 bookmarks', W.BookmarkList, Array(10_001).fill({ tmdbId: '1', meta })],
  ])('refuses %s', (_case, schema, body) => {
    expect(v.safeParse(schema, body).success).toBe(false);
  });
});
