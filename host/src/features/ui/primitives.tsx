/** Small styled building blocks of the host's pages. */
import styled, { css } from 'styled-components';

const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.6rem 1.1rem;
  border-radius: 8px;
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  ${buttonLook}
  background: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.surfaceRaised : p.theme.colors.primary)};
  color: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.text : p.theme.colors.primaryText)};
  border-color: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.border : 'transparent')};
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

export const ButtonLink = styled.a<{ $variant?: 'primary' | 'secondary' }>`
  ${buttonLook}
  background: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.surfaceRaised : p.theme.colors.primary)};
  color: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.text : p.theme.colors.primaryText)} !important;
  border-color: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.border : 'transparent')};
`;

export const Page = styled.div<{ $narrow?: boolean }>`
  max-width: ${(p) => (p.$narrow ? '44rem' : '80rem')};
  margin: 0 auto;
  padding: 2rem 0;
  h1 {
    font-size: clamp(1.5rem, 3vw, 2.2rem);
    margin: 0 0 1rem;
  }
  p {
    color: ${(p) => p.theme.colors.textDim};
  }
`;

export const Badge = styled.span`
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: 999px;
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  font-size: 0.8rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

export const CenteredMessage = styled.section`
  max-width: 36rem;
  margin: 4rem auto;
  padding-inline: 1rem;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  h1 {
    margin: 0.5rem 0;
  }
  p {
    color: ${(p) => p.theme.colors.textDim};
    margin: 0;
  }
  .actions {
    display: flex;
    gap: 0.75rem;
    flex-wrap: wrap;
    justify-content: center;
    margin-top: 1rem;
  }
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
