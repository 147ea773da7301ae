/** What the one rspack factory gives each app, where a wrong option breaks a pairing of builds. */
import { afterEach, describe, expect, it } from 'vitest';
import { createConfig } from '../rspack.base.ts';

type Plugin = { constructor: { name: string }; _options?: { experiments?: Record<string, unknown> } };
const federationOf = (config: unknown) =>
  ((config as { plugins: (Plugin | null)[] }).plugins.filter(Boolean) as Plugin[]).find((p) =>
    p.constructor.name.includes('ModuleFederation'),
  )!._options!;

const nodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = nodeEnv;
});

describe('the federation runtime the host gives remotes', () => {
  // Production remotes are built to take the host's federation runtime: a development host (npm run dev
  // -- player) serves them too, so it must provide it as the production host does.
  it.each(['production', 'development'])('a %s host provides it', (mode) => {
    process.env.NODE_ENV = mode;
    const config = createConfig({ app: 'host', dir: 'host' });
    expect(federationOf(config).experiments).toMatchObject({ provideExternalRuntime: true });
  });
});
