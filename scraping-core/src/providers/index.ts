/**
 * The registered providers. Adding one: a file in this folder exporting a SourceProvider or an
 * EmbedProvider, and one line below.
 */
import type { ProviderRegistry } from '../engine';
import type { EmbedProvider, SourceProvider } from '../types';
import { archiveSource } from './archive';
import { directEmbeds } from './direct-url';
import { localLibrarySources, localPlayerEmbed } from './local-library';
import { mediaServerSource } from './media-server';

export const SOURCES: readonly SourceProvider[] = [mediaServerSource, ...localLibrarySources, archiveSource];

export const EMBEDS: readonly EmbedProvider[] = [localPlayerEmbed, ...directEmbeds];

/** Checks ids are unique and ranks unique per kind (the order must never depend on registration order). */
export function createRegistry(sources: readonly SourceProvider[], embeds: readonly EmbedProvider[]): ProviderRegistry {
  for (const list of [sources, embeds]) {
    const ids = new Set<string>();
    const ranks = new Set<number>();
    for (const p of list) {
      if (ids.has(p.id)) throw new Error(`duplicate provider id ${p.id}`);
      if (ranks.has(p.rank)) throw new Error(`duplicate provider rank ${p.rank} (${p.id})`);
      ids.add(p.id);
      ranks.add(p.rank);
    }
  }
  return { sources, embeds };
}

export const defaultRegistry: ProviderRegistry = createRegistry(SOURCES, EMBEDS);
