import { useHost } from 'shared-contracts';
import styled from 'styled-components';

const Page = styled.section`
  max-width: 56rem;
  margin: 2rem auto;
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.5rem; }
  dt { color: ${(p) => p.theme.colors.textDim}; }
  dd { margin: 0; }
`;

export default function DevPage() {
  const { config, appVersion } = useHost();
  return (
    <Page data-testid="dev-page">
      <h1>Developer tools</h1>
      <h2>Site constants</h2>
      <dl>
        <dt>Routing mode</dt>
        <dd>{config.routerMode}</dd>
        <dt>App version</dt>
        <dd>{appVersion}</dd>
        <dt>Backend URL</dt>
        <dd>{config.backendUrl || 'Not set'}</dd>
      </dl>
    </Page>
  );
}
