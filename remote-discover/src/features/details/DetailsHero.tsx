/**
 * The top of the details modal: the title's trailer (a direct video plays in our own player with mute and
 * play controls; YouTube and Vimeo load behind a click), else its backdrop.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaDetails } from 'shared-contracts';
import { EMBED_ORIGINS, embedUrl, handshake, isReadyMessage, parseTrailer, type Trailer } from '../../core/trailer';
import { PauseIcon, PlayIcon, VolumeIcon } from '../icons';
import type { ImdbData } from '../../core/imdb';

/** A trailer that plays in our own <video>: a direct video file. */
const isDirectVideo = (url: string | undefined | null): url is string => parseTrailer(url)?.kind === 'direct';

/** How long an embedded trailer may take to say it is ready before the modal says it could not load. */
const EMBED_READY_MS = 10_000;
const SITE_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A YouTube or Vimeo trailer behind a click: nothing of the site loads until the person asks, then the
 * privacy-enhanced embed; if its player does not say it is ready in time, a message and a link to
 * watch it on the site instead.
 */
function EmbeddedTrailer({
  trailer,
  poster,
  title,
}: {
  trailer: Extract<Trailer, { kind: 'youtube' | 'vimeo' }>;
  poster?: string;
  title: string;
}) {
  const { t } = useTranslation('discover');
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const frame = useRef<HTMLIFrameElement>(null);
  const site = SITE_NAMES[trailer.kind];
  useEffect(() => {
    if (state !== 'loading') return;
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && isReadyMessage(trailer.kind, event.origin, event.data)) setState('ready');
    };
    window.addEventListener('message', onMessage);
    // The players answer only once the page has said it listens; knock until one does.
    const knock = setInterval(() => frame.current?.contentWindow?.postMessage(handshake(trailer.kind), EMBED_ORIGINS[trailer.kind]), 250);
    const giveUp = setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), EMBED_READY_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(knock);
      clearTimeout(giveUp);
    };
  }, [state, trailer]);
  if (state === 'idle')
    return (
      <>
        {poster && <img src={poster} alt="" />}
        <button type="button" className="trailer-start" data-testid="trailer-start" onClick={() => setState('loading')}>
          <span className="round" aria-hidden="true">
            <PlayIcon />
          </span>
          <span>{t('details.playTrailer')}</span>
          <small>{t('details.trailerFrom', { site })}</small>
        </button>
      </>
    );
  if (state === 'failed')
    return (
      <>
        {poster && <img src={poster} alt="" />}
        <div className="trailer-note" role="status" data-testid="trailer-failed">
          <span>{t('details.trailerFailed')}</span>
          <a href={trailer.watchUrl} target="_blank" rel="noopener noreferrer">
            {t('details.watchTrailerOn', { site })}
          </a>
        </div>
      </>
    );
  return (
    <>
      <iframe
        ref={frame}
        src={embedUrl(trailer, window.location.origin)}
        title={t('details.trailer', { title })}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="details-trailer-embed"
        data-state={state}
      />
      {state === 'loading' && (
        <div className="trailer-note" role="status" style={{ pointerEvents: 'none' }}>
          <small>{t('details.trailerLoading')}</small>
        </div>
      )}
    </>
  );
}

function Trailer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const { t } = useTranslation('discover');
  const video = useRef<HTMLVideoElement>(null);
  const reduced = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  return (
    <>
      <video
        ref={video}
        src={src}
        poster={poster}
        muted={muted}
        autoPlay={!reduced}
        playsInline
        loop
        preload="metadata"
        aria-label={t('details.trailer', { title })}
        data-testid="details-trailer"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <div className="media-controls">
        <button
          type="button"
          className="round"
          aria-label={playing ? t('details.pauseTrailer') : t('details.playTrailer')}
          onClick={() => (video.current?.paused ? void video.current.play().catch(() => undefined) : video.current?.pause())}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="round"
          aria-pressed={muted}
          aria-label={muted ? t('details.unmute') : t('details.mute')}
          onClick={() => setMuted((m) => !m)}
        >
          <VolumeIcon muted={muted} />
        </button>
      </div>
    </>
  );
}

/** The IMDb trailer wins when it is a direct video; else the catalogue's; embedded sites only behind a click. */
export function DetailsHero({ details, imdb }: { details: MediaDetails; imdb: ImdbData | null }) {
  const trailer = isDirectVideo(imdb?.trailer_url) ? imdb.trailer_url : isDirectVideo(details.trailerUrl) ? details.trailerUrl : null;
  const embedded = trailer ? null : (parseTrailer(details.trailerUrl) ?? parseTrailer(imdb?.trailer_url));
  return (
    <div className="hero">
      {trailer ? (
        <Trailer src={trailer} poster={details.backdrop} title={details.title} />
      ) : embedded && embedded.kind !== 'direct' ? (
        <EmbeddedTrailer trailer={embedded} poster={details.backdrop} title={details.title} />
      ) : details.backdrop ? (
        <img src={details.backdrop} alt="" />
      ) : null}
    </div>
  );
}
