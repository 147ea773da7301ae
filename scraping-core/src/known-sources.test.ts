import { KNOWN_SOURCES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { SOURCES } from './providers';

describe('KNOWN_SOURCES (what the settings offer for the custom source order)', () => {
  it('lists exactly the registered source providers, with their names and ranks', () => {
    const registered = SOURCES.map((s) => ({ id: s.id, name: s.name, rank: s.rank })).sort((a, b) => b.rank - a.rank);
    expect([...KNOWN_SOURCES].sort((a, b) => b.rank - a.rank)).toEqual(registered);
  });
});
