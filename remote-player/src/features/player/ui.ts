/** Buttons shared by the player's controls, screens and menus. */
import styled from 'styled-components';

export const IconButton = styled.button<{ $active?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-width: 2.5rem;
  flex-shrink: 0;
  height: 2.5rem;
  padding: 0 0.4rem;
  border: 0;
  border-radius: 0.5rem;
  background: transparent;
  color: ${(p) => (p.$active ? p.theme.colors.primary : '#fff')};
  font: inherit;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
  /* Touch targets of at least 44 px (WCAG 2.5.5) where the pointer is a finger. */
  @media (pointer: coarse) {
    min-width: 2.75rem;
    height: 2.75rem;
  }
`;

export const PillButton = styled.button`
  border: 0;
  border-radius: 0.5rem;
  padding: 0.6rem 1rem;
  background: #fff;
  color: #000;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    min-height: 2.75rem;
  }
`;
