/**
 * The scraping engine: runs source scrapers in rank (or the user's) order, each source's embeds in
 * order, validates what they find and stops at the first playable stream. Every step is an event of
 * plain data; every outcome is a Result. Pure TypeScript: runs in the worker, in Node and inline.
 */
import type { Result } from './result';
import { scrapeError, type ScrapeError } from './errors';
import { orderSources, unavailable, type EngineDeps } from './engine-deps';
import { Run, Thrown, asError, newRunId, reportStatusOf, scrapeEmbedIn, statusOf } from './run';
import type { EmbedOutput, EmbedProvider, RunOutput, ScrapeMedia, ScrapeOptions, SourceOutput, SourceRunOutput } from './types';
import { isDisallowedMedia } from './takedown';

export { isDisallowedMedia };
export { applyCdnReplacements } from './cdn-replacements';
export { orderSources, settled, type EngineDeps, type Network, type ProviderRegistry } from './engine-deps';
export { DEFAULT_TIMEOUT_MS, cancel, newRunId } from './run';

/** Tries every usable source (and its embeds) until one gives a playable stream. */
export async function runAll(media: ScrapeMedia, options: ScrapeOptions, given: EngineDeps): Promise<Result<RunOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle([...given.registry.sources, ...given.registry.embeds]);
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  if (isDisallowedMedia(media, options.disallowedIds)) return run.finish({ ok: false, error: scrapeError('scrape/takedown') });
  const sources = orderSources(media, options, deps);
  const disallowed = new Set(options.disallowedIds ?? []);
  run.emit({ type: 'init', runId: run.id, sources: sources.map((s) => ({ id: s.id, name: s.name })) });

  for (const source of sources) {
    if (run.cancelled) break;
    run.emit({ type: 'start', runId: run.id, id: source.id });
    let output: SourceOutput;
    try {
      output = await run.step((signal) => source.scrape({ ...run.context(signal, source.id), media }));
    } catch (thrown) {
      const error = asError(thrown);
      if (run.cancelled) break;
      run.emit({
        type: 'update',
        runId: run.id,
        id: source.id,
        status: statusOf(error),
        percentage: 100,
        error,
        ...(error.detail ? { reason: error.detail } : {}),
      });
      run.report(media, source.id, null, reportStatusOf(error), error);
      continue;
    }

    if (output.stream?.length) {
      const stream = await run.playable(output.stream).catch((e: unknown) => ({ ok: false as const, error: asError(e) }));
      if (run.cancelled) break;
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, null, 'success');
        return run.finish({ ok: true, value: { sourceId: source.id, stream: stream.value } });
      }
      if (output.embeds.length === 0) {
        run.emit({
          type: 'update',
          runId: run.id,
          id: source.id,
          status: 'failure',
          percentage: 100,
          error: stream.error,
          reason: stream.error.detail ?? stream.error.message,
        });
        run.report(media, source.id, null, 'failed', stream.error);
        continue;
      }
    }

    const embeds = output.embeds
      .map((ref, index) => ({ ref, index, provider: deps.registry.embeds.find((e) => e.id === ref.embedId) }))
      .filter(
        (e): e is typeof e & { provider: EmbedProvider } =>
          !!e.provider && !disallowed.has(e.ref.embedId) && !unavailable(e.provider, deps, options.settings ?? {}),
      )
      // An embed list is in the source's order; among different scrapers, the higher-ranked first.
      .sort((a, b) => b.provider.rank - a.provider.rank || a.index - b.index);
    if (embeds.length === 0) {
      const error = scrapeError(output.stream?.length ? 'scrape/no-stream' : 'scrape/no-embeds');
      run.emit({ type: 'update', runId: run.id, id: source.id, status: 'notfound', percentage: 100, error, reason: error.message });
      run.report(media, source.id, null, 'notfound', error);
      continue;
    }
    const states = embeds.map((e, i) => ({ ...e, stateId: `${source.id}-${i}` }));
    run.emit({
      type: 'embeds',
      runId: run.id,
      sourceId: source.id,
      embeds: states.map((e) => ({ id: e.stateId, embedId: e.provider.id, name: e.provider.name, url: e.ref.url })),
    });
    run.emit({ type: 'update', runId: run.id, id: source.id, status: 'pending', percentage: 50 });

    let allNotFound = true;
    for (const embed of states) {
      if (run.cancelled) break;
      run.emit({ type: 'start', runId: run.id, id: embed.stateId });
      const stream = await scrapeEmbedIn(run, embed.provider, embed.ref.url, embed.stateId);
      if (run.cancelled) break;
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: embed.stateId, status: 'success', percentage: 100 });
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, embed.provider.id, 'success');
        return run.finish({ ok: true, value: { sourceId: source.id, embedId: embed.provider.id, stream: stream.value } });
      }
      if (stream.error.code !== 'scrape/not-found') allNotFound = false;
      run.emit({
        type: 'update',
        runId: run.id,
        id: embed.stateId,
        status: statusOf(stream.error),
        percentage: 100,
        error: stream.error,
        reason: stream.error.detail ?? stream.error.message,
      });
      run.report(media, source.id, embed.provider.id, reportStatusOf(stream.error), stream.error);
    }
    if (run.cancelled) break;
    const error = scrapeError('scrape/no-stream', 'no embed gave a playable stream');
    run.emit({
      type: 'update',
      runId: run.id,
      id: source.id,
      status: allNotFound ? 'notfound' : 'failure',
      percentage: 100,
      error,
      reason: error.detail!,
    });
  }
  return run.finish({
    ok: false,
    error: scrapeError('scrape/not-found', sources.length ? 'no source gave a playable stream' : 'no source can run for this media'),
  });
}

/** Runs one source (source menu): its validated stream, or its embeds for the user to pick. */
export async function runSource(
  sourceId: string,
  media: ScrapeMedia,
  options: ScrapeOptions,
  given: EngineDeps,
): Promise<Result<SourceRunOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle([...given.registry.sources.filter((s) => s.id === sourceId), ...given.registry.embeds]);
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  if (isDisallowedMedia(media, options.disallowedIds)) return run.finish({ ok: false, error: scrapeError('scrape/takedown') });
  const source = deps.registry.sources.find((s) => s.id === sourceId);
  if (!source || options.disallowedIds?.includes(sourceId) || !source.mediaTypes.includes(media.type))
    return run.finish({ ok: false, error: scrapeError('scrape/invalid-source-id', `unknown source "${sourceId}"`) });
  const why = unavailable(source, deps, options.settings ?? {});
  if (why) return run.finish({ ok: false, error: why });
  run.emit({ type: 'init', runId: run.id, sources: [{ id: source.id, name: source.name }] });
  run.emit({ type: 'start', runId: run.id, id: source.id });
  try {
    const output = await run.step((signal) => source.scrape({ ...run.context(signal, source.id), media }));
    const embeds = output.embeds.filter(
      (e) => !options.disallowedIds?.includes(e.embedId) && deps.registry.embeds.some((p) => p.id === e.embedId),
    );
    if (output.stream?.length) {
      const stream = await run.playable(output.stream);
      if (stream.ok) {
        run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
        run.report(media, source.id, null, 'success');
        return run.finish({ ok: true, value: { stream: stream.value, embeds } });
      }
      if (embeds.length === 0) throw new Thrown(stream.error);
    }
    if (embeds.length === 0) throw new Thrown(scrapeError('scrape/no-embeds'));
    run.emit({ type: 'update', runId: run.id, id: source.id, status: 'success', percentage: 100 });
    return run.finish({ ok: true, value: { embeds } });
  } catch (thrown) {
    const error = asError(thrown);
    run.emit({
      type: 'update',
      runId: run.id,
      id: source.id,
      status: statusOf(error),
      percentage: 100,
      error,
      reason: error.detail ?? error.message,
    });
    run.report(media, source.id, null, reportStatusOf(error), error);
    return run.finish({ ok: false, error });
  }
}

/** Runs one embed scraper on a URL (source menu, /dev/video, the embed API's load media). */
export async function runEmbed(
  embedId: string,
  url: string,
  options: ScrapeOptions,
  given: EngineDeps,
): Promise<Result<EmbedOutput, ScrapeError>> {
  const run = new Run(options.runId ?? newRunId(), options, given);
  await run.settle(given.registry.embeds.filter((e) => e.id === embedId));
  if (run.cancelled) return run.finish({ ok: false, error: scrapeError('scrape/cancelled') });
  const deps = run.deps;
  const embed = deps.registry.embeds.find((e) => e.id === embedId);
  if (!embed || options.disallowedIds?.includes(embedId))
    return run.finish({ ok: false, error: scrapeError('scrape/invalid-source-id', `unknown embed "${embedId}"`) });
  const why = unavailable(embed, deps, options.settings ?? {});
  if (why) return run.finish({ ok: false, error: why });
  run.emit({ type: 'init', runId: run.id, sources: [{ id: embed.id, name: embed.name }] });
  run.emit({ type: 'start', runId: run.id, id: embed.id });
  const stream = await scrapeEmbedIn(run, embed, url, embed.id);
  if (stream.ok) {
    run.emit({ type: 'update', runId: run.id, id: embed.id, status: 'success', percentage: 100 });
    return run.finish({ ok: true, value: { stream: [stream.value] } });
  }
  run.emit({
    type: 'update',
    runId: run.id,
    id: embed.id,
    status: statusOf(stream.error),
    percentage: 100,
    error: stream.error,
    reason: stream.error.detail ?? stream.error.message,
  });
  return run.finish({ ok: false, error: stream.error });
}
