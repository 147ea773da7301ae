import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { useRuntime } from '../remotes/runtime-context';
import { Badge, Button, ButtonLink, CenteredMessage } from '../ui/primitives';
import { usePageTitle } from '../ui/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  usePageTitle(t('pageTitles.notFound'));
  return (
    <CenteredMessage data-testid="not-found-page">
      <Badge>{t('notFound.badge')}</Badge>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <p>{t('notFound.embedMessage')}</p>
      <div className="actions">
        <Button type="button" onClick={() => window.location.reload()}>
          {t('notFound.reload')}
        </Button>
        {config.communityChatUrl && (
          <ButtonLink $variant="secondary" href={config.communityChatUrl} target="_blank" rel="noreferrer">
            {t('notFound.chat')}
          </ButtonLink>
        )}
        <Link to="/">{t('notFound.home')}</Link>
      </div>
    </CenteredMessage>
  );
}
