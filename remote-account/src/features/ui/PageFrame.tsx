import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';

const Frame = styled.section`
  box-sizing: border-box;
  max-width: 34rem;
  margin: 3rem auto;
  padding: 2rem;
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border};
  h1 {
    margin-top: 0;
    font-size: 1.6rem;
  }
  p {
    color: ${(p) => p.theme.colors.textDim};
  }
  @media (max-width: 600px) {
    margin: 1rem;
    padding: 1.25rem;
    h1 {
      font-size: 1.35rem;
    }
  }
`;

export function PageFrame({
  title,
  testId,
  headingRef,
  children,
}: {
  title: string;
  testId: string;
  /** Given, the heading can take focus (a multi-step page moves focus to each step's heading). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
}) {
  return (
    <Frame data-testid={testId}>
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {children}
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Frame>
  );
}
