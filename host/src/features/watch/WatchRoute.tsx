/**
 * Watch and embed routes (docs/behaviour.md#routes-legacy-redirects): legacy ids redirect, embed season/episode numbers become ids,
 * theme and language query parameters apply, then the player remote renders.
 */
import { Suspense, lazy, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'shared-contracts/router';
import { decodeMediaId, useHostServices, useHostWith } from 'shared-contracts';
import { useViewParams } from 'shared-contracts/view-params';
import { knownTitle, resolveLegacyMedia, safeBackPath, withoutUnsafeBack } from '../../core/media-routes';
import { Layout, SiteHeader } from '../layout';
import { NotFoundPage, ProviderIssuesPage } from '../pages';
import { siteFrame } from '../stores';
import { useSnapshot } from 'valtio/react';
import { PlayerOffline, RemoteSlot } from '../remotes';
import { PlayerWaiting } from './PlayerWaiting';
import { LegacyNotice } from './LegacyNotice';

const embedWaiting = (label: string) => <PlayerWaiting label={label} />;

/** A watch path's error page inside the site's frame (header, footer): the way on is the site itself. */
const framed = (page: ReactNode) => <Layout>{page}</Layout>;

// Only old guide links need the guide look-up: it loads with them, not with every page.
const LegacyGuideRedirect = lazy(() => import('./LegacyGuideRedirect'));
const ImdbRedirect = lazy(() => import('./LegacyGuideRedirect').then((m) => ({ default: m.ImdbRedirect })));

export function WatchRoute() {
  const { media = '', season, episode } = useParams();
  const { pathname, search, hash } = useLocation();
  const { config, actions } = useHostServices();
  const { t } = useTranslation();
  const { state } = useHostWith('progress', 'bookmarks');
  const frameShown = useSnapshot(siteFrame).shown;
  // The header the player asked for goes with the page.
  useLayoutEffect(() => () => void (siteFrame.shown = false), []);
  useViewParams(search, actions);
  // From the first frame: Back where the player's own back control leads, and the title when this device knows it.
  const back = safeBackPath(new URLSearchParams(search).get('back')) ?? '/';
  const title = knownTitle(media, state);
  const playerWaiting = (label: string) => <PlayerWaiting label={label} back={back} title={title} />;
  // The player's back link follows `?back=`: another site's URL there is dropped, the page still plays.
  const cleanSearch = withoutUnsafeBack(search);
  if (cleanSearch !== null) return <Navigate to={`${pathname}${cleanSearch}${hash}`} replace />;
  const legacy = resolveLegacyMedia(media, [season ?? '', episode ?? ''], search);
  if (legacy.kind === 'redirect') return <Navigate to={legacy.to} replace />;
  // Without a guide configured an old link is as unknown as before.
  if (legacy.kind === 'guide' && !config.streamingGuideUrl) return framed(<LegacyNotice />);
  if (legacy.kind === 'guide') {
    return (
      <Suspense fallback={<PlayerWaiting label={t('legacy.loading')} />}>
        <LegacyGuideRedirect {...legacy.link} search={search} />
      </Suspense>
    );
  }
  if (legacy.kind === 'imdb') {
    return (
      <Suspense fallback={<PlayerWaiting label={t('legacy.loading')} />}>
        <ImdbRedirect imdbId={legacy.imdbId} search={search} />
      </Suspense>
    );
  }
  if (legacy.kind === 'unresolvable') return framed(<LegacyNotice />);
  if (!decodeMediaId(media)) return framed(<NotFoundPage />);
  if (config.showProviderIssues) return <ProviderIssuesPage />;
  return (
    <>
      {frameShown && <SiteHeader />}
      <RemoteSlot remote="player" page="watch" waiting={playerWaiting} />
    </>
  );
}

/** /embed/{media}/{seasonNumber}/{episodeNumber}: numbers become TMDB ids, then the media path. */
function EmbedEpisodeRedirect({
  tmdbId,
  slugId,
  seasonNumber,
  episodeNumber,
}: {
  tmdbId: string;
  slugId: string;
  seasonNumber: number;
  episodeNumber: number;
}) {
  const { catalog } = useHostServices();
  const { search } = useLocation();
  const { t } = useTranslation();
  // The episode's watch path, 'missing' when the show has no such episode, 'offline' when the look-up
  // failed without a connection (the episode may well exist); null while it loads.
  const [target, setTarget] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    catalog.season(tmdbId, seasonNumber, { signal: controller.signal }).then(
      (details) => {
        const found = details.episodes.find((e) => e.number === episodeNumber);
        setTarget(found ? `/media/${slugId}/${details.id}/${found.id}${search}` : 'missing');
      },
      () => !controller.signal.aborted && setTarget(navigator.onLine ? 'missing' : 'offline'),
    );
    return () => controller.abort();
  }, [catalog, tmdbId, slugId, seasonNumber, episodeNumber, search, attempt]);
  if (target === 'missing') return <NotFoundPage />;
  if (target === 'offline')
    return (
      <PlayerOffline
        onRetry={() => {
          setTarget(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  if (target) return <Navigate to={target} replace />;
  return <PlayerWaiting label={t('legacy.loading')} />;
}

export function EmbedRoute() {
  const { media = '', season, episode } = useParams();
  const { search } = useLocation();
  const { actions } = useHostServices();
  useViewParams(search, actions);
  const ref = decodeMediaId(media);
  if (!ref) return <NotFoundPage />;
  if (season !== undefined && episode !== undefined) {
    if (ref.type !== 'show' || !/^\d+$/.test(season) || !/^\d+$/.test(episode)) return <NotFoundPage />;
    return <EmbedEpisodeRedirect tmdbId={ref.tmdbId} slugId={media} seasonNumber={Number(season)} episodeNumber={Number(episode)} />;
  }
  return <RemoteSlot remote="player" page="watch" waiting={embedWaiting} />;
}
