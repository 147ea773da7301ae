/** Server settings of the user: read, and partial update (absent keys kept, null clears). */
import { parseBody, READ, WRITE } from '../http';
import { settingsDto, type SettingsRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function settingsRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, requireSelf } = ctx;

  const SETTINGS_COLUMNS = {
    applicationTheme: 'application_theme',
    applicationLanguage: 'application_language',
    defaultSubtitleLanguage: 'default_subtitle_language',
    proxyUrls: 'proxy_urls',
  } as const;

  app.get('/users/:uid/settings', async (c) => {
    const auth = await requireSelf(c, READ);
    const { rows } = await db.query<SettingsRow>('SELECT * FROM user_settings WHERE id = $1', [auth.userId]);
    return c.json(rows[0] ? settingsDto(rows[0]) : ({ id: auth.userId } satisfies S.SettingsResponse));
  });

  app.put('/users/:uid/settings', async (c) => {
    const auth = await requireSelf(c, WRITE);
    const body = await parseBody(c, S.SettingsPut);
    // Partial update: absent keys are kept, null clears.
    const present = (Object.keys(SETTINGS_COLUMNS) as (keyof typeof SETTINGS_COLUMNS)[]).filter((key) => body[key] !== undefined);
    const columns = present.map((key) => SETTINGS_COLUMNS[key]);
    const values = present.map((key) =>
      key === 'proxyUrls' ? (body.proxyUrls === null ? null : JSON.stringify(body.proxyUrls)) : body[key],
    );
    const placeholders = present.map((key, i) => (key === 'proxyUrls' ? `$${i + 2}::jsonb` : `$${i + 2}`));
    const update = columns.length ? `DO UPDATE SET ${columns.map((col) => `${col} = excluded.${col}`).join(', ')}` : 'DO NOTHING';
    const row = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO user_settings (id${columns.map((col) => `, ${col}`).join('')}) VALUES ($1${placeholders.map((p) => `, ${p}`).join('')})
         ON CONFLICT (id) ${update}`,
        [auth.userId, ...values],
      );
      return (await tx.query<SettingsRow>('SELECT * FROM user_settings WHERE id = $1', [auth.userId])).rows[0]!;
    });
    return c.json(settingsDto(row));
  });
}
