import styled from 'styled-components';

const Page = styled.section`
  max-width: 72rem;
  margin: 2rem auto;
  h1 { margin: 0 0 0.5rem; }
  p { color: ${(p) => p.theme.colors.textDim}; }
`;

export default function DiscoverPage() {
  return (
    <Page data-testid="discover-page">
      <h1>Discover</h1>
      <p>Browse movies and TV shows by category.</p>
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Page>
  );
}
