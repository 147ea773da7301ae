/** Small styled building blocks shared by the account pages. */
import styled from 'styled-components';

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 2.6rem;
  padding: 0.55rem 1.2rem;
  border-radius: 999px;
  border: 1px solid ${(p) => (p.$variant === 'secondary' ? p.theme.colors.border : 'transparent')};
  background: ${(p) => (p.$variant === 'secondary' ? 'transparent' : p.$variant === 'danger' ? p.theme.colors.danger : p.theme.colors.primary)};
  color: ${(p) => (p.$variant === 'secondary' ? p.theme.colors.text : p.theme.colors.primaryText)};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  justify-content: flex-end;
  margin-top: 1.5rem;
`;

export const Field = styled.label`
  display: grid;
  gap: 0.35rem;
  margin-top: 1rem;
  font-weight: 600;
  input,
  textarea {
    font: inherit;
    font-weight: 400;
    padding: 0.6rem 0.8rem;
    border-radius: 8px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  textarea {
    resize: vertical;
    min-height: 4.5rem;
  }
`;

export const ErrorText = styled.p.attrs({ role: 'alert' })`
  margin: 0.75rem 0 0;
  color: ${(p) => p.theme.colors.danger} !important;
  font-weight: 600;
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.colors.textDim};
`;

export const StepCount = styled.p`
  margin: 0 0 0.25rem;
  font-size: 0.85rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${(p) => p.theme.colors.textDim} !important;
`;
