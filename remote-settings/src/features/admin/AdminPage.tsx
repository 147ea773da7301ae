import { useHost } from 'shared-contracts';
import styled from 'styled-components';

const Page = styled.section`
  max-width: 56rem;
  margin: 2rem auto;
  p { color: ${(p) => p.theme.colors.textDim}; }
`;

export default function AdminPage() {
  const { config } = useHost();
  return (
    <Page data-testid="admin-page">
      <h1>Admin</h1>
      <p>Backend: {config.backendUrl || 'Not set'}</p>
    </Page>
  );
}
