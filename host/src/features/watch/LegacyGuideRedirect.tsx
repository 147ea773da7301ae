import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'shared-contracts/router';
import { useHostServices } from 'shared-contracts';
import { resolveImdbLink, resolveJwLink, type JwResolution } from '../../core/legacy-guide';
import type { JwLink } from '../../core/media-routes';
import { Layout } from '../layout';
import { LegacyNotice } from './LegacyNotice';
import { PlayerWaiting } from './PlayerWaiting';

/**
 * /media/JW-…: the streaming guide gives the TMDB id (and episode), then the current path
 * (docs/behaviour.md#routes-legacy-redirects).
 */
export default function LegacyGuideRedirect({ type, guideId, seasonId, episodeId, search }: JwLink & { search: string }) {
  const { config, catalog } = useHostServices();
  const { t } = useTranslation();
  const key = [type, guideId, seasonId, episodeId, search].join('|');
  const [outcome, setOutcome] = useState<{
    key: string;
    to: string | null;
    reason: 'not-found' | 'unavailable';
    known?: { title: string; poster?: string };
  } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    resolveJwLink({
      guideUrl: config.streamingGuideUrl,
      imageUrl: config.streamingGuideImageUrl,
      link: { type, guideId, ...(seasonId && episodeId ? { seasonId, episodeId } : {}) },
      search,
      fetch: (input, init) => fetch(input, init),
      findByImdbId: (imdbId, signal) => catalog.findByImdbId(imdbId, { signal }),
      season: (tmdbId, seasonNumber, signal) => catalog.season(tmdbId, seasonNumber, { signal }),
      signal: controller.signal,
    }).then(
      (result) =>
        setOutcome({
          key,
          to: result.kind === 'redirect' ? result.to : null,
          reason: result.kind === 'not-found' ? 'not-found' : 'unavailable',
          ...(result.kind === 'not-found' && result.known ? { known: result.known } : {}),
        }),
      () => {}, // aborted: the route changed
    );
    return () => controller.abort();
  }, [key, type, guideId, seasonId, episodeId, search, config.streamingGuideUrl, config.streamingGuideImageUrl, catalog]);
  if (!outcome || outcome.key !== key) return <PlayerWaiting label={t('legacy.loading')} />;
  if (outcome.to) return <Navigate to={outcome.to} replace />;
  return (
    <Layout>
      <LegacyNotice reason={outcome.reason} {...(outcome.known ? { known: outcome.known } : {})} />
    </Layout>
  );
}

/** /media/tt…: the movie database's title for an IMDb id, then its current path. */
export function ImdbRedirect({ imdbId, search }: { imdbId: string; search: string }) {
  const { catalog } = useHostServices();
  const { t } = useTranslation();
  const key = `${imdbId}|${search}`;
  const [outcome, setOutcome] = useState<{ key: string; result: JwResolution } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    resolveImdbLink(imdbId, search, (id, signal) => catalog.findByImdbId(id, { signal }), controller.signal).then(
      (result) => setOutcome({ key, result }),
      () => {}, // aborted: the route changed
    );
    return () => controller.abort();
  }, [key, imdbId, search, catalog]);
  if (!outcome || outcome.key !== key) return <PlayerWaiting label={t('legacy.loading')} />;
  if (outcome.result.kind === 'redirect') return <Navigate to={outcome.result.to} replace />;
  return (
    <Layout>
      <LegacyNotice reason={outcome.result.kind} />
    </Layout>
  );
}
