import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { CenteredMessage, usePageTitle } from '../ui';

/**
 * The "old link" page: the title is unknown (`not-found`), or the guide that knows it did not answer.
 * When the guide knew the title but not where it is now, its name and poster say which one it was.
 */
export function LegacyNotice({
  reason = 'not-found',
  known,
}: {
  reason?: 'not-found' | 'unavailable';
  known?: { title: string; poster?: string };
}) {
  const { t } = useTranslation();
  usePageTitle(t('pageTitles.notFound'));
  return (
    <CenteredMessage data-testid="legacy-unresolvable" data-reason={reason}>
      {known?.poster && <img src={known.poster} alt="" width={166} height={236} data-testid="legacy-poster" />}
      {known && (
        <p data-testid="legacy-known-title">
          <strong>{known.title}</strong>
        </p>
      )}
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
