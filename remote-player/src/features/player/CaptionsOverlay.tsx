/**
 * Our own caption renderer (so the user's styling applies): sanitised markup, delay, fix-capitals.
 * The overlay follows the clock, but the cue lines render again only when the visible cues (or their
 * style) change, and each cue is turned into markup and sanitised once.
 */
import { useHostWith } from 'shared-contracts';
import { memo, type CSSProperties } from 'react';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { captionsShown } from '../../core/captions/choice';
import { captionMarkup, visibleCues } from '../../core/captions/display';
import type { CaptionCue } from '../../core/captions/parse-captions';
import { usePlayer } from './player.store';
import { sanitizeCaption } from './sanitize-caption';

const Wrap = styled.div<{ $raised: boolean }>`
  position: absolute;
  left: 5%;
  right: 5%;
  bottom: ${(p) => (p.$raised ? '7.5rem' : '3rem')};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.25rem;
  pointer-events: none;
  transition: bottom 200ms;
  text-align: center;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  /* Phones: the controls take two lines. */
  @media (max-width: 639px) {
    bottom: ${(p) => (p.$raised ? '10rem' : '2rem')};
  }
`;

const Cue = styled.p`
  margin: 0;
  padding: 0.1em 0.4em;
  border-radius: 0.25em;
  line-height: 1.3;
  white-space: normal;
  text-shadow: 0 0 0.15em rgba(0, 0, 0, 0.9);
`;

const sanitised = new WeakMap<CaptionCue, { fixCapitals: boolean; html: string }>();

function cueHtml(cue: CaptionCue, fixCapitals: boolean): string {
  const hit = sanitised.get(cue);
  if (hit && hit.fixCapitals === fixCapitals) return hit.html;
  const html = sanitizeCaption(captionMarkup(cue.text, { fixCapitals }));
  sanitised.set(cue, { fixCapitals, html });
  return html;
}

interface CueLinesProps {
  cues: readonly CaptionCue[];
  style: CSSProperties;
  fixCapitals: boolean;
}

const sameCues = (a: readonly CaptionCue[], b: readonly CaptionCue[]) => a.length === b.length && a.every((cue, i) => cue === b[i]);
const sameStyle = (a: CSSProperties, b: CSSProperties) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key as keyof CSSProperties] === value);

const CueLines = memo(
  function CueLines({ cues, style, fixCapitals }: CueLinesProps) {
    return (
      <>
        {cues.map((cue, i) => (
          <Cue
            key={`${cue.start}-${i}`}
            style={style}
            data-testid="caption-cue"
            dangerouslySetInnerHTML={{ __html: cueHtml(cue, fixCapitals) }}
          />
        ))}
      </>
    );
  },
  (before, after) => before.fixCapitals === after.fixCapitals && sameCues(before.cues, after.cues) && sameStyle(before.style, after.style),
);

export function CaptionsOverlay({ raised }: { raised: boolean }) {
  const { engine, ui } = usePlayer();
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
  const { state } = useHostWith('subtitles');
  const settings = state.subtitles;
  // subtitles.enabled: "Hide subtitles" (caption settings) hides the chosen track without dropping it.
  if (!captionsShown(view.captions.selectedId, settings.enabled)) return null;
  const cues = visibleCues(view.captions.cues, media.time, settings.delay);
  const { styling } = settings;
  const style: CSSProperties = {
    color: styling.color,
    fontSize: `${(1.5 * styling.size).toFixed(3)}rem`,
    fontWeight: styling.bold ? 700 : 400,
    backgroundColor: `rgba(0, 0, 0, ${styling.backgroundOpacity})`,
    backdropFilter: styling.backgroundBlur > 0 ? `blur(${Math.round(styling.backgroundBlur * 20)}px)` : undefined,
  };
  return (
    <Wrap $raised={raised} data-testid="captions-overlay" aria-live="off">
      <CueLines cues={cues} style={style} fixCapitals={settings.overrideCasing} />
    </Wrap>
  );
}
