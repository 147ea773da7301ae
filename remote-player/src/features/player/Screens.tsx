/**
 * Status screens: waiting, title not found, no stream found, playback error
 * (docs/behaviour.md#player-screens); the scraping progress is ScrapingView.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostServices } from 'shared-contracts';
import styled, { keyframes } from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { playbackErrorKey } from '../../core/player/playback-error';
import { scrapeErrorKey } from 'scraping-core/errors';
import { Icon } from './icons';
import { PillButton } from './ui';
import { openMenu } from './player.actions';
import { usePlayer } from './player.store';
import { episodeList } from './episode-list';
import { actionLinkStates } from './player-styles';

export const Screen = styled.div`
  position: absolute;
  inset: 0;
  z-index: 3;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.25rem;
  padding: 4rem 1.25rem 2rem;
  background: radial-gradient(circle at 50% 30%, #1b1d2c, #000 70%);
  text-align: center;
  overflow-y: auto;
  h2 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
    color: rgba(255, 255, 255, 0.75);
    max-width: 36rem;
  }
`;

export const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const spin = keyframes`to { transform: rotate(360deg); }`;

const Spinner = styled.div`
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  border: 0.3rem solid rgba(255, 255, 255, 0.2);
  border-top-color: rgba(255, 255, 255, 0.85);
  opacity: 0;
  animation:
    ${appear} 300ms ease-out 400ms forwards,
    ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation:
      ${appear} 1ms linear 400ms forwards,
      ${spin} 3s linear infinite;
  }
`;

/** Read by screen readers, not shown. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/**
 * While the title is looked up: the same screen the host shows while the player loads (its backdrop,
 * one spinner that fades in only if the wait lasts, the words for screen readers), so that loading the
 * player, finding the title and finding a stream read as one calm wait.
 */
export function WaitingScreen({ label, title = null }: { label: string; title?: string | null }) {
  return (
    <Screen data-testid="watch-loading">
      <WaitingTop title={title} />
      <Spinner aria-hidden="true" />
      <VisuallyHidden role="status" aria-live="polite">
        {label}
      </VisuallyHidden>
    </Screen>
  );
}

/** Back and the title over the waiting and scraping screens, where the host's first frame has them (not in an embed). */
const Top = styled.div`
  position: absolute;
  top: 0;
  inset-inline: 0;
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 1rem 1.25rem;
  color: #fff;
  text-align: start;
  a {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    flex: none;
    color: #fff;
    font-weight: 600;
    text-decoration: none;
  }
  [dir='rtl'] & svg {
    transform: scaleX(-1);
  }
  h1 {
    margin: 0;
    min-width: 0;
    font-size: 1.1rem;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export function WaitingTop({ title }: { title: string | null }) {
  const { t } = useTranslation('player');
  const host = useHostServices();
  const { hooks } = usePlayer();
  if (hooks.current.embed) return null;
  const backUrl = hooks.current.backUrl;
  return (
    <Top data-testid="waiting-top">
      <a
        href={backUrl}
        onClick={(e) => {
          e.preventDefault();
          host.navigate(backUrl);
        }}
      >
        <Icon name="arrowLeft" />
        {t('controls.back')}
      </a>
      {title && <h1 dir="auto">{title}</h1>}
    </Top>
  );
}

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
  a,
  button.secondary {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.6rem 1rem;
    border-radius: 0.5rem;
    background: rgba(255, 255, 255, 0.12);
    color: #fff;
    font: inherit;
    font-weight: 600;
    border: 0;
    cursor: pointer;
    text-decoration: none;
  }
  ${actionLinkStates}
`;

const Details = styled.pre`
  max-width: min(40rem, 100%);
  max-height: 12rem;
  overflow: auto;
  margin: 0;
  padding: 0.75rem;
  border-radius: 0.5rem;
  background: rgba(255, 255, 255, 0.08);
  text-align: left;
  font-size: 0.8rem;
  white-space: pre-wrap;
  user-select: text;
`;

/** Where the back control of a failure screen leads: ?back=, else the page before in this tab, else home. */
function goBack(host: ReturnType<typeof useHostServices>, backUrl: string) {
  const fromQuery = new URLSearchParams(window.location.search).get('back');
  if (fromQuery) host.navigate(backUrl);
  else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) window.history.back();
  else host.navigate('/');
}

/**
 * The ways out of a failure screen (never a dead end): back to where the person came from,
 * home, and alternatives: another episode of a show, another source, a search for the title.
 */
export function WayOut({
  title,
  source = false,
  retry,
  children,
}: {
  title?: string;
  source?: boolean;
  retry?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('player');
  const player = usePlayer();
  const host = useHostServices();
  const { hooks } = player;
  const { nextEpisode, previousEpisode, goToEpisode, backUrl } = hooks.current;
  const searchUrl = title ? `/browse/${encodeURIComponent(title)}` : '/';
  const link = (url: string, label: string, testId: string, primary = false) => (
    <a
      href={url}
      data-testid={testId}
      className={primary ? 'primary' : undefined}
      onClick={(e) => {
        e.preventDefault();
        host.navigate(url);
      }}
    >
      {label}
    </a>
  );
  return (
    <Buttons data-testid="way-out">
      <a
        href={backUrl}
        data-testid="way-out-back"
        onClick={(e) => {
          e.preventDefault();
          goBack(host, backUrl);
        }}
      >
        <Icon name="arrowLeft" size={18} />
        {t('wayOut.back')}
      </a>
      {link('/', t('wayOut.home'), 'way-out-home')}
      {retry && (
        <PillButton type="button" onClick={retry} data-testid="way-out-retry">
          {t('wayOut.retry')}
        </PillButton>
      )}
      {source && (
        <PillButton
          type="button"
          data-testid="way-out-source"
          onClick={() => {
            openMenu(player, 'settings', '/source');
          }}
        >
          {t('wayOut.otherSource')}
        </PillButton>
      )}
      {previousEpisode && goToEpisode && (
        <button
          type="button"
          className="secondary"
          data-testid="way-out-previous"
          onClick={() => goToEpisode(previousEpisode.seasonId, previousEpisode.episodeId)}
        >
          {t('wayOut.previousEpisode')}
        </button>
      )}
      {nextEpisode && goToEpisode && (
        <PillButton type="button" data-testid="way-out-next" onClick={() => goToEpisode(nextEpisode.seasonId, nextEpisode.episodeId)}>
          {t('wayOut.nextEpisode')}
        </PillButton>
      )}
      {link(searchUrl, title ? t('wayOut.searchFor', { title }) : t('wayOut.search'), 'way-out-search')}
      {children}
    </Buttons>
  );
}

/** The title could not be resolved (unknown or malformed id, catalog down): a message and the ways out. */
export function MetaErrorScreen({
  kind,
  message,
  text,
  retry,
  title,
  children,
}: {
  /** Why, for tests and styles (not-found, failed, api-failed, takedown, extension-permission). */
  kind?: string;
  message: string;
  /** A line under the message (what happens next). */
  text?: string;
  retry?: () => void;
  /** The title the search offers, when known. */
  title?: string;
  /** Ways out before the usual ones (the show's episodes). */
  children?: ReactNode;
}) {
  return (
    <Screen data-testid="watch-meta-error" data-kind={kind} role="alert">
      <h2>{message}</h2>
      {text && <p>{text}</p>}
      <WayOut {...(retry ? { retry } : {})} {...(title ? { title } : {})}>
        {children}
      </WayOut>
    </Screen>
  );
}

export function NotFoundScreen() {
  const { t, i18n } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const [details, setDetails] = useState(false);
  const error = view.scrapeError;
  const notFound = !error || error.code === 'scrape/not-found';
  const detailText = error ? `${error.code}: ${error.message}${error.detail ? `\n${error.detail}` : ''}` : '';
  return (
    <Screen data-testid="scrape-not-found" role="alert">
      <h2>{notFound ? t('notFound.title') : t('notFound.failedTitle')}</h2>
      {view.autoplayStopped && <p data-testid="autoplay-stopped">{t('autoplay.stopped')}</p>}
      {view.skippedEpisodes.length > 0 && <p>{t('autoplay.skipped', { episodes: episodeList(t, i18n.language, view.skippedEpisodes) })}</p>}
      <p>{notFound ? t('notFound.text') : t(scrapeErrorKey(error.code), { defaultValue: error.message })}</p>
      <WayOut {...(view.meta ? { title: view.meta.media.title } : {})}>
        {detailText && (
          <button type="button" className="secondary" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
            {t('notFound.details')}
          </button>
        )}
      </WayOut>
      {details && <Details data-testid="scrape-error-details">{detailText}</Details>}
    </Screen>
  );
}

export function PlaybackErrorScreen() {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const [details, setDetails] = useState(false);
  const error = view.status.error;
  const key = playbackErrorKey(error?.code, error?.type);
  return (
    <Screen data-testid="playback-error" data-code={error?.code ?? ''} role="alert">
      <h2>{t('playbackError.title')}</h2>
      <p data-testid="playback-error-message">{t(`playbackError.errors.${key}`)}</p>
      <WayOut source {...(view.meta ? { title: view.meta.media.title } : {})}>
        <button type="button" className="secondary" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
          {t('playbackError.showError')}
        </button>
        <PillButton type="button" onClick={() => window.location.reload()}>
          {t('playbackError.reload')}
        </PillButton>
      </WayOut>
      {details && error && (
        <Details data-testid="playback-error-details">
          {[error.name, error.message, error.type, error.stack].filter(Boolean).join('\n')}
        </Details>
      )}
    </Screen>
  );
}
