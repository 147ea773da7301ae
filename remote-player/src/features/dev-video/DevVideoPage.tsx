/** /dev/video: the test player (any stream URL, or the local library's presets) and a subtitle check in the player's worker. */
import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import { getPlayerWorker, parseCaptionsOffThread, scrapeEmbed } from '../../worker/player.client';
import {
  newPlayer,
  PlayerView,
  PlayerContext,
  resolveDirectStream,
  scrapeOptionsFrom,
  setMeta,
  setPlayerHooks,
  startStream,
  usePlaybackEffects,
} from '../player';

const Page = styled.div`
  box-sizing: border-box;
  max-width: 60rem;
  margin: 0 auto;
  padding: 2rem 1rem 3rem;
  h1 {
    margin: 0 0 1.25rem;
    font-size: 1.75rem;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
  }
  p {
    margin: 0 0 1rem;
    color: ${(p) => p.theme.colors.textDim};
  }
  [role='alert'] {
    color: ${(p) => p.theme.colors.danger};
    margin: 0.75rem 0 0;
  }
  @media (max-width: 639px) {
    padding: 1.25rem 0.75rem 2rem;
    h1 {
      font-size: 1.4rem;
    }
  }
`;

/** One tool of the page: a titled card. */
const Card = styled.section`
  margin-bottom: 1.5rem;
  padding: 1.25rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  @media (max-width: 639px) {
    padding: 1rem 0.75rem;
  }
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  .grow {
    flex: 1 1 18rem;
    min-width: 0;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

/** A labelled field: the label above, the theme's input look, a visible focus ring, 44 px tall on touch. */
const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  font-size: 0.9rem;
  font-weight: 600;
  input,
  select {
    box-sizing: border-box;
    width: 100%;
    min-height: 2.5rem;
    padding: 0.45rem 0.7rem;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    font-weight: 400;
  }
  input[type='file'] {
    padding: 0.35rem;
    cursor: pointer;
  }
  input[type='file']::file-selector-button {
    margin-inline-end: 0.75rem;
    padding: 0.35rem 0.8rem;
    border: 0;
    border-radius: 6px;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  input:focus-visible,
  select:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    input,
    select {
      min-height: 2.75rem;
    }
  }
`;

const Button = styled.button<{ $primary?: boolean }>`
  min-height: 2.5rem;
  padding: 0.45rem 1rem;
  border: 1px solid ${(p) => (p.$primary ? 'transparent' : p.theme.colors.border)};
  border-radius: 8px;
  background: ${(p) => (p.$primary ? p.theme.colors.primary : p.theme.colors.surfaceRaised)};
  color: ${(p) => (p.$primary ? p.theme.colors.primaryText : p.theme.colors.text)};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    filter: brightness(1.1);
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    min-height: 2.75rem;
  }
`;

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: 70vh;
  /* On a phone a 16:9 box is too low for the player's own screens (the playback error's message and buttons). */
  min-height: min(28rem, 70vh);
  margin-top: 1rem;
  border-radius: 8px;
  overflow: hidden;
  background: #000;
  > [data-testid='player'] {
    height: 100%;
  }
`;

const Cues = styled.ol`
  margin: 0;
  padding-inline-start: 1.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  li {
    color: ${(p) => p.theme.colors.text};
    overflow-wrap: anywhere;
  }
  time {
    font-variant-numeric: tabular-nums;
    color: ${(p) => p.theme.colors.textDim};
  }
`;

const Marker = styled.p`
  font-size: 0.8rem;
`;

/** Custom stream: URL, type (hls or mp4, else 'Invalid type'), start; presets from the local library. */
function StreamTester() {
  const { t } = useTranslation('player');
  const host = useHost();
  const hostRef = useRef(host);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  hostRef.current = host;
  // eslint-disable-next-line react-hooks/refs -- the player reads the ref when it scrapes, never while rendering
  const player = useMemo(() => newPlayer(() => ({ ...hostRef.current.state.quality })), []);
  usePlaybackEffects(player);
  const [url, setUrl] = useState('');
  const [type, setType] = useState('hls');
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  setPlayerHooks(player, {
    playStream: (stream, sourceId, embedId) =>
      startStream(player, host, stream, { sourceId, embedId }, { startAt: player.engine.state.time, autoplay: true, kind: 'chooseSource' }),
  });
  const library = host.config.localLibraryUrl.replace(/\/$/, '');

  // Through the Direct URL provider (worker), unvalidated: broken streams are played on purpose here,
  // to see the playback-error screen they give.
  const start = async (streamUrl: string, streamType: string) => {
    const result = await resolveDirectStream(scrapeEmbed, streamUrl, streamType, scrapeOptionsFrom(hostRef.current), { validate: false });
    if (!result.ok) {
      setError(result.error.detail ? `${result.error.message}: ${result.error.detail}` : result.error.message);
      return;
    }
    setError(null);
    setStarted(true);
    setMeta(player, { media: { tmdbId: 'dev', type: 'movie', title: streamUrl }, scrape: null });
    startStream(player, host, result.value, { sourceId: 'direct-url' }, { autoplay: true, kind: 'playMedia' });
  };

  return (
    <Card aria-labelledby="dev-stream-title">
      <h2 id="dev-stream-title">{t('devVideo.streamTitle')}</h2>
      <p>{t('devVideo.streamIntro')}</p>
      <Form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void start(url, type);
        }}
      >
        <Field className="grow">
          {t('devVideo.url')}
          <input type="url" dir="ltr" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/master.m3u8" required />
        </Field>
        <Field>
          {t('devVideo.type')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="hls">HLS</option>
            <option value="mp4">MP4</option>
          </select>
        </Field>
        <div className="buttons">
          <Button type="submit" $primary>
            {t('devVideo.start')}
          </Button>
          <Button type="button" onClick={() => void start(`${library}/clips/meadow/hls/master.m3u8`, 'hls')}>
            {t('devVideo.presetHls')}
          </Button>
          <Button type="button" onClick={() => void start(`${library}/clips/harbor/mp4/720.mp4`, 'mp4')}>
            {t('devVideo.presetMp4')}
          </Button>
        </div>
      </Form>
      {error && (
        <p role="alert" data-testid="stream-error" dir="auto">
          {error}
        </p>
      )}
      <PlayerContext.Provider value={player}>
        <Frame hidden={!started}>
          <PlayerView title="" />
        </Frame>
      </PlayerContext.Provider>
    </Card>
  );
}

type ParseState =
  | { status: 'idle' }
  | { status: 'parsing'; file: string }
  | { status: 'done'; file: string; cues: CaptionCue[]; where: string }
  | { status: 'error'; file: string; message: string };

const formatTime = (seconds: number) => {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${(s % 60).toFixed(3).padStart(6, '0')}`;
};

/** /dev/video: the test player (custom stream) and a subtitle check that parses a file in the player's worker. */
export default function DevVideoPage() {
  const { t } = useTranslation('player');
  const [state, setState] = useState<ParseState>({ status: 'idle' });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const format = captionFormatOf(file.name);
    if (!format) {
      setState({ status: 'error', file: file.name, message: t('devVideo.unsupported') });
      return;
    }
    setState({ status: 'parsing', file: file.name });
    const worker = await getPlayerWorker();
    const [result, where] = await Promise.all([parseCaptionsOffThread(await file.arrayBuffer(), format), worker.where()]);
    setState(
      result.ok
        ? { status: 'done', file: file.name, cues: result.value, where }
        : { status: 'error', file: file.name, message: result.error.message },
    );
  }

  return (
    <Page data-testid="dev-video-page">
      <h1>{t('devVideo.title')}</h1>
      <StreamTester />
      <Card aria-labelledby="dev-subtitle-title">
        <h2 id="dev-subtitle-title">{t('devVideo.subtitleCheck')}</h2>
        <p>{t('devVideo.subtitleIntro')}</p>
        <Field>
          {t('devVideo.subtitleFile')}
          <input type="file" accept=".srt,.vtt,.ass,.ssa" onChange={(event) => void onFile(event)} />
        </Field>
        <div aria-live="polite">
          {state.status === 'parsing' && <p role="status">{t('devVideo.parsing', { file: state.file })}</p>}
          {state.status === 'error' && (
            <p role="alert" dir="auto">
              {state.message}
            </p>
          )}
          {state.status === 'done' && (
            <>
              <p data-testid="cue-count" data-where={state.where} style={{ marginTop: '1rem' }}>
                {t(state.where === 'worker' ? 'devVideo.cuesInWorker' : 'devVideo.cuesInPage', {
                  count: state.cues.length,
                  file: state.file,
                })}
              </p>
              <Cues>
                {state.cues.slice(0, 5).map((cue, i) => (
                  <li key={i} dir="auto">
                    <time dir="ltr">
                      {formatTime(cue.start)} → {formatTime(cue.end)}
                    </time>{' '}
                    {cue.text}
                  </li>
                ))}
              </Cues>
            </>
          )}
        </div>
      </Card>
      {__BUILD_MARKER__ && <Marker data-testid="build-marker">{t('devVideo.build', { marker: __BUILD_MARKER__ })}</Marker>}
    </Page>
  );
}
