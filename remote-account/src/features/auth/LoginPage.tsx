/** Login (docs/behaviour.md#account-login): passphrase and device name; this device's data is imported into the account. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { useHost } from 'shared-contracts';
import { useAccountService } from '../account';
import { Actions, Button, ErrorMessage, Field, fieldErrorProps, Muted, PageFrame } from '../ui';
import { defaultDeviceName } from './device-defaults';

export default function LoginPage() {
  const { t } = useTranslation('account');
  const host = useHost();
  const service = useAccountService();
  const [passphrase, setPassphrase] = useState('');
  const [deviceName, setDeviceName] = useState(defaultDeviceName);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  if (host.state.account) {
    return (
      <PageFrame title={t('login.title')} testId="login-page">
        <Muted>{t('login.already')}</Muted>
        <Actions>
          <Button type="button" onClick={() => host.navigate('/')}>
            {t('common.home')}
          </Button>
        </Actions>
      </PageFrame>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await service.login({ passphrase, deviceName });
      host.navigate('/');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('login.title')} testId="login-page">
      <Muted>{t('login.description')}</Muted>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          {t('login.passphrase')}
          <input
            type="password"
            name="passphrase"
            autoComplete="current-password"
            spellCheck={false}
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            placeholder={t('login.passphrasePlaceholder')}
            {...fieldErrorProps(error, 'passphrase', errorId)}
          />
        </Field>
        <Field>
          {t('login.deviceName')}
          <input
            name="deviceName"
            value={deviceName}
            onChange={(e) => setDeviceName(e.target.value)}
            maxLength={200}
            placeholder={t('login.deviceNamePlaceholder')}
            {...fieldErrorProps(error, 'deviceName', errorId)}
          />
        </Field>
        <ErrorMessage error={error} id={errorId} />
        <Actions>
          <Button type="submit" disabled={busy} data-testid="login-submit">
            {busy ? t('login.busy') : t('login.submit')}
          </Button>
        </Actions>
      </form>
      <Muted>
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </Muted>
      <Muted data-testid="backend-in-use">{t('common.server', { url: host.state.backendUrl || '—' })}</Muted>
    </PageFrame>
  );
}
