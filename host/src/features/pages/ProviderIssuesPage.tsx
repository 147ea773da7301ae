/**
 * docs/behaviour.md#routes-provider-issues-notice: the provider-issues notice (downtime), shown instead of the watch
 * page when enabled in the config.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { Badge, CenteredMessage } from '../ui';

export function ProviderIssuesPage() {
  const { t } = useTranslation();
  return (
    <CenteredMessage data-testid="provider-issues">
      <Badge>{t('downtime.badge')}</Badge>
      <h1>{t('downtime.title')}</h1>
      <p>{t('downtime.message')}</p>
      <div className="actions">
        <Link to="/">{t('downtime.home')}</Link>
      </div>
    </CenteredMessage>
  );
}
