import { listen } from '../lib/serve';
import type { StartService } from '../types';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrate, openPglite, openPostgres, type Db } from './db';

/**
 * The account server (movie-web backend API): PGlite under dataDir by default, a PostgreSQL server
 * when DATABASE_URL is set. Settings: docs/account-server.md.
 */
export const start: StartService = async (options) => {
  let config = loadConfig(options.env, options.dataDir);
  const db: Db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.pgPoolSize)
    : await openPglite(config.pgliteDir, { log: options.log });
  let sweeper: NodeJS.Timeout | undefined;
  let closeApp = () => {};
  try {
    await migrate(db);
    options.log(`database: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDir}`}`);
    if (db.kind === 'postgres' && !config.jwtSecretConfigured) config = { ...config, jwtSecret: await sharedSecret(db, config.jwtSecret) };
    const { app, close } = createApp({ db, config, log: options.log });
    closeApp = close;
    const sweep = () =>
      Promise.all([
        db.query('DELETE FROM challenge_codes WHERE expires_at < now()'),
        db.query('DELETE FROM sessions WHERE expires_at < now()'),
        db.query('DELETE FROM rate_limits WHERE reset_at <= now()'),
      ]).catch((error: unknown) => options.log(`cleanup failed: ${String(error)}`));
    sweeper = setInterval(() => void sweep(), 3_600_000);
    sweeper.unref();
    return await listen('backend', app, options, async () => {
      clearInterval(sweeper);
      closeApp();
      await db.close();
    });
  } catch (error) {
    clearInterval(sweeper);
    closeApp();
    await db.close();
    throw error;
  }
};

/**
 * The token signing secret that every instance on one PostgreSQL server uses when BACKEND_JWT_SECRET
 * is unset: the first instance stores its own (generated, or the one its dataDir already had, so
 * tokens issued before stay valid), and the others take it from the database.
 */
async function sharedSecret(db: Db, own: string): Promise<string> {
  await db.query("INSERT INTO server_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING", [own]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'jwt'");
  return rows[0]!.value;
}
