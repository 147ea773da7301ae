import { useParams } from 'react-router';
import styled from 'styled-components';

const Page = styled.section`
  max-width: 72rem;
  margin: 2rem auto;
  p { color: ${(p) => p.theme.colors.textDim}; }
`;

export default function WatchPage() {
  const { media, season, episode } = useParams();
  return (
    <Page data-testid="watch-page">
      <h1>Watch</h1>
      <p>
        {media}
        {season && episode ? ` · season ${season}, episode ${episode}` : ''}
      </p>
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
    </Page>
  );
}
