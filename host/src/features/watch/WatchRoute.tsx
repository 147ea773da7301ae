/**
 * Watch and embed routes (spec §2): legacy ids redirect, embed season/episode numbers become ids,
 * theme and language query parameters apply, then the player remote renders.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'shared-contracts/router';
import { THEME_NAMES, decodeMediaId, isLanguage, type ThemeName, useHostServices } from 'shared-contracts';
import { resolveJwLink, type JwLink } from '../../core/legacy-guide';
import { resolveLegacyMedia, viewParams, withoutUnsafeBack } from '../../core/media-routes';
import { ProviderIssuesPage } from '../pages/ProviderIssuesPage';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { PlayerWaiting } from './PlayerWaiting';
import { CenteredMessage } from '../ui/primitives';
import { usePageTitle } from '../ui/use-page-title';
import { NotFoundPage } from '../pages/NotFoundPage';

const playerWaiting = (label: string) => <PlayerWaiting label={label} />;

function useViewParams() {
  const { search } = useLocation();
  const { actions } = useHostServices();
  useEffect(() => {
    const { theme, language } = viewParams(search);
    if (theme && (THEME_NAMES as readonly string[]).includes(theme)) actions.setTheme(theme as ThemeName);
    if (language && isLanguage(language)) actions.setLanguage(language);
  }, [search, actions]);
}

/** The "old link" page: the title is unknown (`not-found`), or the guide that knows it did not answer. */
function LegacyNotice({ reason = 'not-found' }: { reason?: 'not-found' | 'unavailable' }) {
  const { t } = useTranslation();
  usePageTitle(t('pageTitles.notFound'));
  return (
    <CenteredMessage data-testid="legacy-unresolvable" data-reason={reason}>
      <h1>{t('legacy.title')}</h1>
      <p>{t(reason === 'unavailable' ? 'legacy.unavailable' : 'legacy.message')}</p>
      <Link to="/">{t('notFound.home')}</Link>
      {reason === 'unavailable' && (
        <button type="button" onClick={() => window.location.reload()}>
          {t('notFound.reload')}
        </button>
      )}
    </CenteredMessage>
  );
}

/** /media/JW-…: the streaming guide gives the TMDB id (and episode), then the current path (spec §2, §7). */
function LegacyGuideRedirect({ type, guideId, seasonId, episodeId, search }: JwLink & { search: string }) {
  const { config, catalog } = useHostServices();
  const { t } = useTranslation();
  const key = [type, guideId, seasonId, episodeId, search].join('|');
  const [outcome, setOutcome] = useState<{ key: string; to: string | null; reason: 'not-found' | 'unavailable' } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    resolveJwLink({
      guideUrl: config.streamingGuideUrl,
      link: { type, guideId, ...(seasonId && episodeId ? { seasonId, episodeId } : {}) },
      search,
      fetch: (input, init) => fetch(input, init),
      season: (tmdbId, seasonNumber, signal) => catalog.season(tmdbId, seasonNumber, { signal }),
      signal: controller.signal,
    }).then(
      (result) => setOutcome({ key, to: result.kind === 'redirect' ? result.to : null, reason: result.kind === 'not-found' ? 'not-found' : 'unavailable' }),
      () => {}, // aborted: the route changed
    );
    return () => controller.abort();
  }, [key, type, guideId, seasonId, episodeId, search, config.streamingGuideUrl, catalog]);
  if (!outcome || outcome.key !== key) return <PlayerWaiting label={t('legacy.loading')} />;
  if (outcome.to) return <Navigate to={outcome.to} replace />;
  return <LegacyNotice reason={outcome.reason} />;
}

export function WatchRoute() {
  const { media = '', season, episode } = useParams();
  const { pathname, search, hash } = useLocation();
  const { config } = useHostServices();
  useViewParams();
  // The player's back link follows `?back=`: another site's URL there is dropped, the page still plays.
  const cleanSearch = withoutUnsafeBack(search);
  if (cleanSearch !== null) return <Navigate to={`${pathname}${cleanSearch}${hash}`} replace />;
  const legacy = resolveLegacyMedia(media, [season ?? '', episode ?? ''], search);
  if (legacy.kind === 'redirect') return <Navigate to={legacy.to} replace />;
  // Without a guide configured an old link is as unknown as before.
  if (legacy.kind === 'guide') return config.streamingGuideUrl ? <LegacyGuideRedirect {...legacy.link} search={search} /> : <LegacyNotice />;
  if (legacy.kind === 'unresolvable') return <LegacyNotice />;
  if (!decodeMediaId(media)) return <NotFoundPage />;
  if (config.showProviderIssues) return <ProviderIssuesPage />;
  return <RemoteSlot remote="player" page="watch" waiting={playerWaiting} />;
}

/** /embed/{media}/{seasonNumber}/{episodeNumber}: numbers become TMDB ids, then the media path. */
function EmbedEpisodeRedirect({ tmdbId, slugId, seasonNumber, episodeNumber }: { tmdbId: string; slugId: string; seasonNumber: number; episodeNumber: number }) {
  const { catalog } = useHostServices();
  const { search } = useLocation();
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | null | 'missing'>(null);
  useEffect(() => {
    const controller = new AbortController();
    catalog.season(tmdbId, seasonNumber, { signal: controller.signal }).then(
      (details) => {
        const found = details.episodes.find((e) => e.number === episodeNumber);
        setTarget(found ? `/media/${slugId}/${details.id}/${found.id}${search}` : 'missing');
      },
      () => !controller.signal.aborted && setTarget('missing'),
    );
    return () => controller.abort();
  }, [catalog, tmdbId, slugId, seasonNumber, episodeNumber, search]);
  if (target === 'missing') return <NotFoundPage />;
  if (target) return <Navigate to={target} replace />;
  return <PlayerWaiting label={t('legacy.loading')} />;
}

export function EmbedRoute() {
  const { media = '', season, episode } = useParams();
  useViewParams();
  const ref = decodeMediaId(media);
  if (!ref) return <NotFoundPage />;
  if (season !== undefined && episode !== undefined) {
    if (ref.type !== 'show' || !/^\d+$/.test(season) || !/^\d+$/.test(episode)) return <NotFoundPage />;
    return <EmbedEpisodeRedirect tmdbId={ref.tmdbId} slugId={media} seasonNumber={Number(season)} episodeNumber={Number(episode)} />;
  }
  return <RemoteSlot remote="player" page="watch" waiting={playerWaiting} />;
}
