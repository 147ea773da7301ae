import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import { getPlayerWorker, parseCaptionsOffThread, scrapeEmbed } from '../../worker/player.client';
import { newPlayer, PlayerView, PlayerContext, resolveDirectStream, scrapeOptionsFrom, startStream, usePlaybackEffects } from '../player';

const Page = styled.section`
  max-width: 56rem;
  margin: 2rem auto;
  p, li { color: ${(p) => p.theme.colors.textDim}; }
  padding: 0 1rem;
  label { display: inline-flex; flex-direction: column; gap: 0.4rem; }
  [role='alert'] { color: ${(p) => p.theme.colors.danger}; }
  form { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; margin-bottom: 1rem; }
  input[type='url'] { min-width: min(28rem, 80vw); }
  input, select, button { font: inherit; padding: 0.4rem 0.6rem; }
`;

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  max-height: 70vh;
  margin-bottom: 2rem;
  border-radius: 0.5rem;
  overflow: hidden;
  > [data-testid='player'] { height: 100%; }
`;

/** Custom stream: URL, type (hls or mp4, else 'Invalid type'), start; presets from the local library. */
function StreamTester() {
  const { t } = useTranslation('player');
  const host = useHost();
  const hostRef = useRef(host);
  hostRef.current = host;
  const player = useMemo(() => newPlayer(() => ({ ...hostRef.current.state.quality })), []);
  usePlaybackEffects(player);
  const [url, setUrl] = useState('');
  const [type, setType] = useState('hls');
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  player.hooks.current.playStream = (stream, sourceId, embedId) =>
    startStream(player, hostRef.current, stream, { sourceId, embedId }, { startAt: player.engine.state.time, autoplay: true, kind: 'chooseSource' });
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
    player.ui.meta = { media: { tmdbId: 'dev', type: 'movie', title: streamUrl }, scrape: null };
    startStream(player, host, result.value, { sourceId: 'direct-url' }, { autoplay: true, kind: 'playMedia' });
  };

  return (
    <section>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void start(url, type);
        }}
      >
        <label>
          {t('devVideo.url')}
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/master.m3u8" required />
        </label>
        <label>
          {t('devVideo.type')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="hls">HLS</option>
            <option value="mp4">MP4</option>
          </select>
        </label>
        <button type="submit">{t('devVideo.start')}</button>
        <button type="button" onClick={() => void start(`${library}/clips/meadow/hls/master.m3u8`, 'hls')}>
          {t('devVideo.presetHls')}
        </button>
        <button type="button" onClick={() => void start(`${library}/clips/harbor/mp4/720.mp4`, 'mp4')}>
          {t('devVideo.presetMp4')}
        </button>
      </form>
      {error && <p role="alert" data-testid="stream-error">{error}</p>}
      <PlayerContext.Provider value={player}>
        <Frame hidden={!started}>
          <PlayerView title="" />
        </Frame>
      </PlayerContext.Provider>
    </section>
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
      setState({ status: 'error', file: file.name, message: 'Unsupported subtitle file: use .srt, .vtt, .ass or .ssa' });
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
      <h2>{t('devVideo.subtitleCheck')}</h2>
      <label>
        Subtitle file (.srt, .vtt, .ass, .ssa)
        <input type="file" accept=".srt,.vtt,.ass,.ssa" onChange={onFile} />
      </label>
      <div aria-live="polite">
        {state.status === 'parsing' && <p role="status">Parsing {state.file}…</p>}
        {state.status === 'error' && <p role="alert">{state.message}</p>}
        {state.status === 'done' && (
          <>
            <p data-testid="cue-count" data-where={state.where}>
              {state.cues.length} cues in {state.file} (parsed in the {state.where === 'worker' ? 'worker' : 'page'})
            </p>
            <ol>
              {state.cues.slice(0, 5).map((cue, i) => (
                <li key={i}>
                  {formatTime(cue.start)} → {formatTime(cue.end)}: {cue.text}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Page>
  );
}
