/** The player screen's styled parts: the shell and its layers, the control bars, the overlays. */
import type { CSSProperties } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from './ui';

/** A screen's links and buttons: Back's arrow turned in RTL, a visible focus ring, a finger-sized target on touch. */
export const actionLinkStates = css`
  html[dir='rtl'] & a svg {
    transform: scaleX(-1);
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    a,
    button {
      min-height: 2.75rem;
    }
  }
`;

export const Shell = styled.div<{ $embed: boolean }>`
  position: relative;
  width: 100%;
  max-width: 100vw;
  min-width: 0;
  height: ${(p) => (p.$embed ? '100vh' : '100dvh')};
  background: #000;
  color: #fff;
  overflow: hidden;
  user-select: none;
  &[data-fullscreen='true'] {
    height: 100vh;
  }
  video {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
    background: #000;
  }
`;

export const Layer = styled.div`
  position: absolute;
  inset: 0;
`;

export const Fade = styled.div<{ $visible: boolean }>`
  transition: opacity 200ms;
  opacity: ${(p) => (p.$visible ? 1 : 0)};
  pointer-events: ${(p) => (p.$visible ? 'auto' : 'none')};
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export const TopBar = styled(Fade)`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 1rem 1.25rem 2.5rem;
  background: linear-gradient(to bottom, rgba(0, 0, 0, 0.75), transparent);
  a {
    color: #fff;
    display: inline-flex;
    flex-shrink: 0;
    align-items: center;
    gap: 0.25rem;
    text-decoration: none;
    font-weight: 600;
    border-radius: 0.5rem;
  }
  a:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  /* The back arrow points the way back: to the right in right-to-left languages. */
  html[dir='rtl'] & a svg {
    transform: scaleX(-1);
  }
  h1 {
    margin: 0;
    min-width: 0;
    font-size: 1rem;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @media (pointer: coarse) {
    a {
      min-height: 2.75rem;
      min-width: 2.75rem;
    }
  }
  @media (max-width: 639px) {
    padding: 0.5rem 0.75rem 2rem;
    gap: 0.5rem;
  }
`;

export const Bottom = styled(Fade)`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 2.5rem 1rem 0.75rem;
  background: linear-gradient(to top, rgba(0, 0, 0, 0.8), transparent);
  @media (max-width: 639px) {
    padding: 2rem 0.5rem 0.5rem;
  }
`;

export const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  flex-wrap: nowrap;
  min-width: 0;
  .spacer {
    flex: 1;
  }
  .break {
    display: none;
  }
  /* Mobile layout below 1024 px keeps the essential controls only. */
  @media (max-width: 1023px) {
    .desktop {
      display: none;
    }
  }
  /* Phones: play, mute and the clock on one line, the other controls on a second, so none leaves the screen. */
  @media (max-width: 639px) {
    flex-wrap: wrap;
    .break {
      display: block;
      flex-basis: 100%;
      height: 0;
    }
  }
`;

export const TimeButton = styled(IconButton)`
  font-variant-numeric: tabular-nums;
  font-size: 0.9rem;
  padding: 0 0.6rem;
  white-space: nowrap;
`;

export const SeekWrap = styled.div`
  position: relative;
  height: 1.25rem;
  @media (pointer: coarse) {
    height: 2.75rem;
  }
  display: flex;
  align-items: center;
  margin: 0 0.4rem 0.25rem;
`;

const rangeStyle = css`
  appearance: none;
  width: 100%;
  /* The track is drawn 0.3rem tall in the middle of a taller input: an easier target, 44 px on touch. */
  height: 1.25rem;
  margin: 0;
  background-size: 100% 0.3rem !important;
  background-position: center !important;
  background-repeat: no-repeat !important;
  background-color: transparent;
  cursor: pointer;
  @media (pointer: coarse) {
    height: 2.75rem;
  }
  &::-webkit-slider-thumb {
    appearance: none;
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 50%;
    background: #fff;
  }
  &::-moz-range-thumb {
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 50%;
    background: #fff;
    border: 0;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 4px;
  }
`;

/**
 * The bars' fill comes from custom properties set on the element's style, not from styled props: a prop
 * in the template makes styled-components insert a new class and rule for every value, so a playing
 * film added rules four times a second for as long as it played, and style recalculation grew with them.
 */
export const fill = (vars: Record<string, string>) => vars as CSSProperties;

export const SeekInput = styled.input`
  ${rangeStyle}
  background: linear-gradient(
    to right,
    ${(p) => p.theme.colors.primary} var(--played),
    rgba(255, 255, 255, 0.5) var(--played) var(--buffered),
    rgba(255, 255, 255, 0.2) var(--buffered)
  );
`;

export const VolumeInput = styled.input`
  ${rangeStyle}
  width: 5rem;
  background: linear-gradient(to right, #fff var(--level), rgba(255, 255, 255, 0.3) var(--level));
  @media (max-width: 1023px) {
    display: none;
  }
`;

export const Preview = styled.div`
  position: absolute;
  bottom: 1.6rem;
  transform: translateX(-50%);
  padding: 0.2rem 0.5rem;
  border-radius: 0.35rem;
  background: rgba(0, 0, 0, 0.85);
  font-size: 0.8rem;
  font-variant-numeric: tabular-nums;
  pointer-events: none;
  img {
    display: block;
    width: 160px;
    height: 90px;
    margin-bottom: 0.2rem;
    border-radius: 0.25rem;
    object-fit: cover;
  }
`;

export const Center = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: none;
  > * {
    pointer-events: auto;
  }
`;

/** Shown while the video plays on a cast device (Remote Playback API); the picture is there, not here. */
export const CastingNotice = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: 1rem;
  background: rgba(0, 0, 0, 0.88);
  text-align: center;
  font-size: 1.1rem;
  font-weight: 600;
  pointer-events: none;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
`;

export const BigPlay = styled.button`
  width: 5.5rem;
  height: 5.5rem;
  border-radius: 50%;
  border: 0;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.primaryText};
  display: grid;
  place-items: center;
  cursor: pointer;
  box-shadow: 0 0.5rem 2rem rgba(0, 0, 0, 0.5);
  &:focus-visible {
    outline: 3px solid #fff;
    outline-offset: 3px;
  }
`;

export const Spinner = styled.div`
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  border: 0.3rem solid rgba(255, 255, 255, 0.25);
  border-top-color: #fff;
  animation: spin 0.8s linear infinite;
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

export const Indicator = styled.div`
  position: absolute;
  top: 4.5rem;
  left: 50%;
  transform: translateX(-50%);
  padding: 0.5rem 1rem;
  border-radius: 2rem;
  background: rgba(0, 0, 0, 0.8);
  font-variant-numeric: tabular-nums;
  display: flex;
  align-items: center;
  gap: 0.6rem;
  .bar {
    width: 8rem;
    height: 0.3rem;
    background: rgba(255, 255, 255, 0.25);
    border-radius: 1rem;
    overflow: hidden;
  }
  .bar > div {
    height: 100%;
    background: #fff;
  }
`;

export const Banner = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  z-index: 5;
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 1rem;
  padding: 0.5rem 1rem;
  background: ${(p) => p.theme.colors.danger};
  color: #fff;
  button {
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: 0.4rem;
    cursor: pointer;
  }
`;

export const Floating = styled.div`
  position: absolute;
  right: 1.25rem;
  bottom: 7rem;
  @media (max-width: 639px) {
    right: 0.75rem;
    bottom: 10rem;
  }
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.5rem;
`;

export const Toast = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: 0.5rem;
  background: rgba(0, 0, 0, 0.85);
`;

/** The seconds a double tap went back or forward, on the half of the picture that was tapped. */
export const TapSeek = styled.div`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  display: flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.6rem 1rem;
  border-radius: 2rem;
  background: rgba(0, 0, 0, 0.65);
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  pointer-events: none;
  &[data-direction='back'] {
    left: 12%;
  }
  &[data-direction='forward'] {
    right: 12%;
  }
`;

/** After the last frame: it ended, and the ways on (next episode, watch again, back). */
export const EndCard = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  max-width: min(28rem, calc(100% - 2rem));
  padding: 1.25rem 1.5rem;
  border-radius: 0.75rem;
  background: rgba(0, 0, 0, 0.8);
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.75rem;
  }
  a,
  button.secondary {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.6rem 1rem;
    border: 0;
    border-radius: 0.5rem;
    background: rgba(255, 255, 255, 0.14);
    color: #fff;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  ${actionLinkStates}
`;

/**
 * Holds the <video> for the whole life of the player: the r easter egg (docs/behaviour.md#player-keyboard) turns this wrapper for
 * 1 s by an attribute, so React never unmounts the element the engine is attached to.
 */
export const RollLayer = styled.div`
  position: absolute;
  inset: 0;
  &[data-rolling='true'] {
    animation: roll 1s linear;
  }
  @keyframes roll {
    from {
      transform: rotate(0deg);
    }
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-rolling='true'] {
      animation: none;
    }
  }
`;
