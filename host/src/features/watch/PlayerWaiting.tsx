/**
 * What a watch page shows while the player remote loads: the player's own dark backdrop with one
 * spinner that fades in only if the wait lasts (no flash for a fast load), and its words for screen
 * readers only. The player shows the same screen while it finds the title, so the wait reads as one
 * calm state instead of a chain of loading texts (issue 17).
 */
import styled, { keyframes } from 'styled-components';

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const spin = keyframes`to { transform: rotate(360deg); }`;

/** The player's backdrop (remote-player's Screens.tsx draws the same). */
export const PLAYER_BACKDROP = 'radial-gradient(circle at 50% 30%, #1b1d2c, #000 70%)';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 3;
  display: grid;
  place-items: center;
  background: ${PLAYER_BACKDROP};
  color: #fff;
`;

const Spinner = styled.div`
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  border: 0.3rem solid rgba(255, 255, 255, 0.2);
  border-top-color: rgba(255, 255, 255, 0.85);
  opacity: 0;
  animation: ${appear} 300ms ease-out 400ms forwards, ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation: ${appear} 1ms linear 400ms forwards, ${spin} 3s linear infinite; }
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

export function PlayerWaiting({ label }: { label: string }) {
  return (
    <Backdrop role="status" aria-live="polite" data-testid="player-waiting">
      <Spinner aria-hidden="true" />
      <Hidden>{label}</Hidden>
    </Backdrop>
  );
}
