import { useTranslation } from 'react-i18next';
import { toAccountError } from 'account-sync/auth';
import { ErrorText } from './primitives';

/** An account error in the user's language (error codes → `errors.<code>`); `id` lets its field point at it. */
export function ErrorMessage({ error, id }: { error: unknown; id?: string }) {
  const { t } = useTranslation('account');
  if (!error) return null;
  const mapped = toAccountError(error);
  return (
    <ErrorText id={id} data-testid="account-error">
      {t(`errors.${mapped.code}`)}
    </ErrorText>
  );
}
