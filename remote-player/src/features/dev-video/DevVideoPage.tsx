import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import { getPlayerWorker } from '../../worker/player.client';

const Page = styled.section`
  max-width: 56rem;
  margin: 2rem auto;
  p, li { color: ${(p) => p.theme.colors.textDim}; }
  label { display: inline-flex; flex-direction: column; gap: 0.4rem; }
  [role='alert'] { color: ${(p) => p.theme.colors.danger}; }
`;

type ParseState =
  | { status: 'idle' }
  | { status: 'parsing'; file: string }
  | { status: 'done'; file: string; cues: CaptionCue[]; where: string }
  | { status: 'error'; file: string; message: string };

const formatTime = (seconds: number) => {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${(s % 60).toFixed(3).padStart(6, '0')}`;
};

/** /dev/video: the test player. For now its subtitle check, which parses a file in the player's worker. */
export default function DevVideoPage() {
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
    const [result, where] = await Promise.all([worker.parseCaptions(await file.text(), format), worker.where()]);
    setState(
      result.ok
        ? { status: 'done', file: file.name, cues: result.value, where }
        : { status: 'error', file: file.name, message: result.error.message },
    );
  }

  return (
    <Page data-testid="dev-video-page">
      <h1>Test player</h1>
      <h2>Subtitle file check</h2>
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
