/** The modal's frame and the look of its sections (hero, header, facts), kept apart from what they show. */
import styled from 'styled-components';

export const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgb(0 0 0 / 70%);
  display: grid;
  place-items: center;
  padding: 1rem;
  @media (max-width: 599.98px) {
    padding: 0;
  }
`;

export const Dialog = styled.div`
  position: relative;
  width: 100%;
  max-width: 900px;
  max-height: min(1200px, calc(100vh - 2rem));
  overflow-y: auto;
  overscroll-behavior: contain;
  border-radius: 16px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 20px 60px rgb(0 0 0 / 60%);
  outline: none;
  @media (max-width: 599.98px) {
    max-height: 100vh;
    height: 100%;
    border-radius: 0;
  }
  .hero {
    position: relative;
    aspect-ratio: 16 / 9;
    background: ${(p) => p.theme.colors.surfaceRaised};
    overflow: hidden;
  }
  .hero video,
  .hero img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .hero::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(to top, ${(p) => p.theme.colors.surface} 0%, transparent 45%);
    pointer-events: none;
  }
  .close {
    position: absolute;
    top: 0.75rem;
    inset-inline-end: 0.75rem;
    z-index: 2;
  }
  /* Titles and overviews come in their own language: ordered by their own text, aligned with the page. */
  h2,
  .overview {
    unicode-bidi: plaintext;
  }
  .hero iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    z-index: 1;
  }
  .hero:has(iframe)::after {
    display: none;
  }
  .trailer-start,
  .trailer-note {
    position: absolute;
    inset: 0;
    z-index: 2;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.6rem;
    padding: 1rem;
    text-align: center;
    color: #fff;
    background: rgb(0 0 0 / 45%);
    border: 0;
    font: inherit;
    cursor: pointer;
  }
  .trailer-note {
    cursor: default;
  }
  .trailer-start .round {
    width: 3.5rem;
    height: 3.5rem;
  }
  .trailer-start small,
  .trailer-note small {
    opacity: 0.85;
  }
  .trailer-note a {
    color: #fff;
    text-decoration: underline;
  }
  .media-controls {
    position: absolute;
    top: 0.75rem;
    inset-inline-start: 0.75rem;
    z-index: 2;
    display: flex;
    gap: 0.5rem;
  }
  .round {
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 999px;
    border: 0;
    cursor: pointer;
    background: rgb(0 0 0 / 65%);
    color: #fff;
  }
  .round:hover {
    background: rgb(0 0 0 / 85%);
  }
  .body {
    padding: 0 1.5rem 1.5rem;
    margin-top: -2.5rem;
    position: relative;
    z-index: 1;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: clamp(1.4rem, 3vw, 2rem);
    line-height: 1.2;
  }
  .sub {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
    margin: 0 0 1rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: center;
    margin-bottom: 1rem;
  }
  .play {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.6rem 1.4rem;
    border-radius: 999px;
    font-weight: 700;
    text-decoration: none;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
  }
  .bookmark {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    padding: 0.55rem 1rem;
    border-radius: 999px;
    cursor: pointer;
    font: inherit;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  .bookmark[aria-pressed='true'] {
    color: ${(p) => p.theme.colors.primary};
  }
  .genres {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    padding: 0;
    margin: 0 0 1rem;
  }
  .genres li {
    padding: 0.2rem 0.7rem;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    font-size: 0.85rem;
  }
  .overview {
    margin: 0 0 1.25rem;
    line-height: 1.6;
  }
  .rating {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin: 0 0 1.25rem;
  }
  .rating .track {
    flex: 0 1 14rem;
    height: 8px;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    overflow: hidden;
  }
  .rating .fill {
    height: 100%;
    border-radius: 999px;
  }
  .rating .score {
    font-weight: 700;
    white-space: nowrap;
  }
  .rating .votes {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
    white-space: nowrap;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.35rem 1rem;
    margin: 0 0 1.25rem;
  }
  dt {
    color: ${(p) => p.theme.colors.textDim};
  }
  dd {
    margin: 0;
  }
  .links {
    display: flex;
    gap: 1rem;
    flex-wrap: wrap;
  }
  .links a {
    color: ${(p) => p.theme.colors.primary};
  }
  .loading {
    padding: 3rem 1.5rem;
    text-align: center;
    color: ${(p) => p.theme.colors.textDim};
  }
`;
