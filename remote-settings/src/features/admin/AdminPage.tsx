import { useTranslation } from 'react-i18next';
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { useBackendMetrics } from '../dev';
import { Button } from '../ui';

const Page = styled.div`
  max-width: 56rem;
  margin: 0 auto;
  padding: 1.5rem 0 3rem;
  .cards {
    display: flex;
    gap: 1rem;
    flex-wrap: wrap;
    margin: 1rem 0;
  }
  .card {
    padding: 1rem 1.25rem;
    border-radius: 12px;
    background: ${(p) => p.theme.colors.surface};
    border: 1px solid ${(p) => p.theme.colors.border};
    min-width: 10rem;
  }
  .card strong {
    display: block;
    font-size: 1.6rem;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: start;
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
  }
  td.num,
  th.num {
    text-align: end;
  }
  [role='alert'] {
    color: ${(p) => p.theme.colors.danger};
  }
`;

export default function AdminPage() {
  const { t } = useTranslation('settings');
  const { state } = useHost();
  const { state: metrics, reload } = useBackendMetrics(state.backendUrl);
  return (
    <Page data-testid="admin-page">
      <h1>{t('admin.title')}</h1>
      <p>{t('admin.backend', { url: state.backendUrl || '—' })}</p>
      <Button type="button" onClick={reload}>
        {t('admin.refresh')}
      </Button>
      {metrics.status === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {metrics.status === 'not-set' && <p role="alert">{t('admin.notSet')}</p>}
      {metrics.status === 'unreachable' && <p role="alert">{t('admin.unreachable')}</p>}
      {metrics.status === 'refused' && <p role="alert">{t('admin.refused', { status: metrics.httpStatus })}</p>}
      {metrics.status === 'done' && (
        <>
          <div className="cards">
            <div className="card" data-testid="admin-users">
              {t('admin.users')}
              <strong>{metrics.metrics.users ?? '—'}</strong>
            </div>
            <div className="card" data-testid="admin-requests">
              {t('admin.requests')}
              <strong>{metrics.metrics.requests}</strong>
            </div>
          </div>
          <h2>{t('admin.byRoute')}</h2>
          <table data-testid="admin-routes">
            <thead>
              <tr>
                <th>{t('admin.method')}</th>
                <th>{t('admin.route')}</th>
                <th>{t('admin.status')}</th>
                <th className="num">{t('admin.count')}</th>
              </tr>
            </thead>
            <tbody>
              {metrics.metrics.byRoute.map((row) => (
                <tr key={`${row.method} ${row.route} ${row.status}`}>
                  <td>{row.method}</td>
                  <td>{row.route}</td>
                  <td>{row.status}</td>
                  <td className="num">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Page>
  );
}
