import type { ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.section`
  max-width: 32rem;
  margin: 3rem auto;
  padding: 2rem;
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border};
  h1 { margin-top: 0; }
  p { color: ${(p) => p.theme.colors.textDim}; }
`;

export function PageFrame({ title, testId, children }: { title: string; testId: string; children?: ReactNode }) {
  return (
    <Frame data-testid={testId}>
      <h1>{title}</h1>
      {children}
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Frame>
  );
}
