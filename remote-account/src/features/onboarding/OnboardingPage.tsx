/**
 * Onboarding (docs/behaviour.md#settings-onboarding): start → extension | proxy | default setup (with a confirmation); remembered on
 * this device once finished. The extension step is in ExtensionStep.tsx.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-contracts/router';
import styled from 'styled-components';
import { useHost } from 'shared-contracts';
import { checkProxy } from '../../core/proxy-check';
import { Actions, Button, ErrorText, Field, Muted, PageFrame } from '../ui';
import { ExtensionStep } from './ExtensionStep';

const Choices = styled.ul`
  list-style: none;
  padding: 0;
  margin: 1.5rem 0 0;
  display: grid;
  gap: 0.75rem;
  li button {
    width: 100%;
    text-align: start;
    padding: 1rem 1.2rem;
    border-radius: 10px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
  strong {
    display: block;
  }
  span {
    color: ${(p) => p.theme.colors.textDim};
  }
`;

const Confirm = styled.div`
  margin-top: 1.25rem;
  padding: 1rem 1.2rem;
  border-radius: 10px;
  border: 1px solid ${(p) => p.theme.colors.warning};
  background: ${(p) => p.theme.colors.surfaceRaised};
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
  }
`;

function useFinish() {
  const host = useHost();
  return () => {
    host.actions.setOnboardingCompleted(true);
    host.navigate('/');
  };
}

function Start() {
  const { t } = useTranslation('account');
  const host = useHost();
  const finish = useFinish();
  const [confirming, setConfirming] = useState(false);
  return (
    <PageFrame title={t('onboarding.start.title')} testId="onboarding-page">
      <Muted>{t('onboarding.start.description')}</Muted>
      <Choices>
        <li>
          <button type="button" onClick={() => host.navigate('/onboarding/extension')}>
            <strong>{t('onboarding.start.extension')}</strong>
            <span>{t('onboarding.start.extensionHint')}</span>
          </button>
        </li>
        <li>
          <button type="button" onClick={() => host.navigate('/onboarding/proxy')}>
            <strong>{t('onboarding.start.proxy')}</strong>
            <span>{t('onboarding.start.proxyHint')}</span>
          </button>
        </li>
        <li>
          <button type="button" onClick={() => setConfirming(true)}>
            <strong>{t('onboarding.start.default')}</strong>
            <span>{t('onboarding.start.defaultHint')}</span>
          </button>
        </li>
      </Choices>
      {confirming && (
        <Confirm role="alertdialog" aria-labelledby="onboarding-confirm-title" data-testid="onboarding-confirm">
          <h2 id="onboarding-confirm-title">{t('onboarding.confirm.title')}</h2>
          <Muted>{t('onboarding.confirm.description')}</Muted>
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.back')}
            </Button>
            <Button type="button" onClick={finish}>
              {t('onboarding.confirm.submit')}
            </Button>
          </Actions>
        </Confirm>
      )}
    </PageFrame>
  );
}

function Proxy() {
  const { t } = useTranslation('account');
  const host = useHost();
  const finish = useFinish();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const result = await checkProxy(url);
    setBusy(false);
    if (!result.ok) return setError(t(`onboarding.proxy.errors.${result.error}`));
    // The sync engine pushes proxyUrls to the account when signed in (settings are pushed when changed).
    host.actions.setProxyUrls([result.url]);
    finish();
  };
  return (
    <PageFrame title={t('onboarding.proxy.title')} testId="onboarding-page">
      <Muted>{t('onboarding.proxy.description')}</Muted>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          {t('onboarding.proxy.url')}
          <input
            name="proxyUrl"
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </Field>
        {error && <ErrorText id={errorId}>{error}</ErrorText>}
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => host.navigate('/onboarding')}>
            {t('common.back')}
          </Button>
          <Button type="submit" disabled={busy || !url.trim()}>
            {busy ? t('common.loading') : t('onboarding.proxy.submit')}
          </Button>
        </Actions>
      </form>
    </PageFrame>
  );
}

function ExtensionOnboarding() {
  const host = useHost();
  const finish = useFinish();
  return <ExtensionStep onBack={() => host.navigate('/onboarding')} onFinish={finish} />;
}

export default function OnboardingPage() {
  const { pathname } = useLocation();
  if (/\/onboarding\/extension\/?$/.test(pathname)) return <ExtensionOnboarding />;
  if (/\/onboarding\/proxy\/?$/.test(pathname)) return <Proxy />;
  return <Start />;
}
