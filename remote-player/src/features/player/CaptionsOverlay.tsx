/** Our own caption renderer (so the user's styling applies): sanitised markup, delay, fix-capitals. */
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { captionsShown } from '../../core/captions/choice';
import { captionMarkup, visibleCues } from '../../core/captions/display';
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
  @media (prefers-reduced-motion: reduce) { transition: none; }
`;

const Cue = styled.p`
  margin: 0;
  padding: 0.1em 0.4em;
  border-radius: 0.25em;
  line-height: 1.3;
  white-space: normal;
  text-shadow: 0 0 0.15em rgba(0, 0, 0, 0.9);
`;

export function CaptionsOverlay({ raised }: { raised: boolean }) {
  const { engine, ui } = usePlayer();
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
  const { state } = useHost();
  const settings = state.subtitles;
  // Spec §3 subtitles.enabled: "Hide subtitles" (caption settings) hides the chosen track without dropping it.
  if (!captionsShown(view.captions.selectedId, settings.enabled)) return null;
  const cues = visibleCues(view.captions.cues, media.time, settings.delay);
  const { styling } = settings;
  const style = {
    color: styling.color,
    fontSize: `${(1.5 * styling.size).toFixed(3)}rem`,
    fontWeight: styling.bold ? 700 : 400,
    backgroundColor: `rgba(0, 0, 0, ${styling.backgroundOpacity})`,
    backdropFilter: styling.backgroundBlur > 0 ? `blur(${Math.round(styling.backgroundBlur * 20)}px)` : undefined,
  };
  return (
    <Wrap $raised={raised} data-testid="captions-overlay" aria-live="off">
      {cues.map((cue, i) => (
        <Cue
          key={`${cue.start}-${i}`}
          style={style}
          data-testid="caption-cue"
          dangerouslySetInnerHTML={{ __html: sanitizeCaption(captionMarkup(cue.text, { fixCapitals: settings.overrideCasing })) }}
        />
      ))}
    </Wrap>
  );
}
