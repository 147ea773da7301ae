import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { CenteredMessage } from '../ui/primitives';
import { usePageTitle } from '../ui/use-page-title';

/** The "old link" page: the title is unknown (`not-found`), or the guide that knows it did not answer. */
export function LegacyNotice({ reason = 'not-found' }: { reason?: 'not-found' | 'unavailable' }) {
  const { t } = useTranslation();
  usePageTitle(t('pageTitles.notFound'));
  return (
    <CenteredMessage data-testid="legacy-unresolvable" data-reason={reason}>
      <h1>{t('legacy.title')}</h1>
      <p>{t(reason === 'unavailable' ? 'legacy.unavailable' : 'legacy.message')}</p>
      <Link to="/">{t('notFound.home')}</Link>
      {reason === 'unavailable' && (
        <button type="button" onClick={() => window.location.reload()}>
          {t('notFound.reload')}
        </button>
      )}
    </CenteredMessage>
  );
}
