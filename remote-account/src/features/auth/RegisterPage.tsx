/**
 * Register (docs/behaviour.md#account-register), steps in order: trust server → account information →
 * passphrase → confirmation → signed in.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import styled from 'styled-components';
import { useHost, type AccountProfile } from 'shared-contracts';
import { createBackendClient, type BackendMeta } from 'account-sync/api';
import { AccountError, toAccountError } from 'account-sync/auth';
import { generatePassphrase, normalizePassphrase } from 'account-crypto';
import { useAccountService } from '../account';
import { Actions, Button, ErrorMessage, Field, fieldErrorProps, Muted, PageFrame, PROFILE_ICON_KEYS, ProfileIcon, StepCount } from '../ui';
import { captchaToken } from './captcha';
import { PROFILE_COLORS, defaultDeviceName } from './device-defaults';

type Step = 'trust' | 'info' | 'passphrase' | 'confirm';
const STEPS: Step[] = ['trust', 'info', 'passphrase', 'confirm'];

const Words = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;
  padding: 0;
  margin: 1rem 0 0;
  list-style: none;
  counter-reset: word;
  li {
    counter-increment: word;
    padding: 0.45rem 0.6rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    border: 1px solid ${(p) => p.theme.colors.border};
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
  }
  li::before {
    content: counter(word) '. ';
    color: ${(p) => p.theme.colors.textDim};
  }
  @media (max-width: 420px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Swatches = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  button {
    width: 2.2rem;
    height: 2.2rem;
    border-radius: 50%;
    border: 2px solid transparent;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${(p) => p.theme.colors.text};
    box-shadow: 0 0 0 2px ${(p) => p.theme.colors.background} inset;
  }
`;

const Icons = styled(Swatches)`
  button {
    width: 2.6rem;
    height: 2.6rem;
    border-radius: 10px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    display: inline-grid;
    place-items: center;
    color: inherit;
  }
`;

const Preview = styled.span<{ $a: string; $b: string }>`
  display: inline-grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  color: #fff;
  background: linear-gradient(135deg, ${(p) => p.$a}, ${(p) => p.$b});
`;

const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 1rem 0 0;
  legend {
    font-weight: 600;
    margin-bottom: 0.4rem;
  }
`;

function MetaCard({ meta }: { meta: BackendMeta }) {
  return (
    <div data-testid="backend-meta">
      <h2>{meta.name}</h2>
      {meta.description && <p>{meta.description}</p>}
    </div>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const host = useHost();
  const service = useAccountService();
  const [step, setStep] = useState<Step>('trust');
  const [meta, setMeta] = useState<{ status: 'loading' } | { status: 'ok'; meta: BackendMeta } | { status: 'error'; error: AccountError }>({
    status: 'loading',
  });
  const [deviceName, setDeviceName] = useState(defaultDeviceName);
  const [profile, setProfile] = useState<AccountProfile>({ colorA: PROFILE_COLORS[0]!, colorB: PROFILE_COLORS[1]!, icon: 'userGroup' });
  const [passphrase] = useState(generatePassphrase);
  const [confirmation, setConfirmation] = useState('');
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const backendUrl = host.state.backendUrl;
  const errorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // Each step replaces the page's content, the pressed button with it: focus goes to the new step's
  // heading (not to the document's start), so a screen reader reads where the person now is.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  useEffect(() => {
    let live = true;
    if (!backendUrl) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no backend: nothing to load
      setMeta({ status: 'error', error: new AccountError('backend-unreachable', 'Backend URL is not set') });
      return;
    }
    setMeta({ status: 'loading' });
    createBackendClient({ baseUrl: backendUrl })
      .getMeta()
      .then(
        (value) => live && setMeta({ status: 'ok', meta: value }),
        (failure: unknown) => live && setMeta({ status: 'error', error: toAccountError(failure) }),
      );
    return () => {
      live = false;
    };
  }, [backendUrl]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000); // copy feedback shows for 2 s
    return () => clearTimeout(timer);
  }, [copied]);

  const stepLabel = <StepCount>{t('register.step', { current: STEPS.indexOf(step) + 1, total: STEPS.length })}</StepCount>;

  if (host.state.account) {
    return (
      <PageFrame title={t('register.title')} testId="register-page">
        <Muted>{t('login.already')}</Muted>
        <Actions>
          <Button type="button" onClick={() => host.navigate('/')}>
            {t('common.home')}
          </Button>
        </Actions>
      </PageFrame>
    );
  }

  if (step === 'trust') {
    return (
      <PageFrame title={t('register.trust.title')} testId="register-page" headingRef={heading}>
        {stepLabel}
        <Muted>{t('register.trust.description')}</Muted>
        {meta.status === 'loading' && <Muted role="status">{t('common.loading')}</Muted>}
        {meta.status === 'ok' && <MetaCard meta={meta.meta} />}
        {meta.status === 'error' && <ErrorMessage error={meta.error} />}
        <Muted data-testid="backend-in-use">{t('common.server', { url: backendUrl || '—' })}</Muted>
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => host.navigate('/')}>
            {t('common.back')}
          </Button>
          <Button type="button" disabled={meta.status !== 'ok'} onClick={() => setStep('info')}>
            {t('register.trust.continue')}
          </Button>
        </Actions>
        <Muted>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </Muted>
      </PageFrame>
    );
  }

  if (step === 'info') {
    const next = (event: FormEvent) => {
      event.preventDefault();
      if (!deviceName.trim()) return setError(new AccountError('device-name-required'));
      setError(null);
      setStep('passphrase');
    };
    return (
      <PageFrame title={t('register.info.title')} testId="register-page" headingRef={heading}>
        {stepLabel}
        <form onSubmit={next} noValidate>
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
          <Group>
            <legend>{t('register.info.colorA')}</legend>
            <Swatches>
              {PROFILE_COLORS.map((color) => (
                <button
                  key={color}
                  type="button"
                  aria-label={color}
                  aria-pressed={profile.colorA === color}
                  style={{ background: color }}
                  onClick={() => setProfile({ ...profile, colorA: color })}
                />
              ))}
            </Swatches>
          </Group>
          <Group>
            <legend>{t('register.info.colorB')}</legend>
            <Swatches>
              {PROFILE_COLORS.map((color) => (
                <button
                  key={color}
                  type="button"
                  aria-label={color}
                  aria-pressed={profile.colorB === color}
                  style={{ background: color }}
                  onClick={() => setProfile({ ...profile, colorB: color })}
                />
              ))}
            </Swatches>
          </Group>
          <Group>
            <legend>{t('register.info.icon')}</legend>
            <Icons>
              {PROFILE_ICON_KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  aria-label={t(`icons.${key}`)}
                  aria-pressed={profile.icon === key}
                  onClick={() => setProfile({ ...profile, icon: key })}
                >
                  <ProfileIcon icon={key} />
                </button>
              ))}
            </Icons>
          </Group>
          <Group>
            <legend>{t('register.info.preview')}</legend>
            <Preview $a={profile.colorA} $b={profile.colorB} aria-hidden>
              <ProfileIcon icon={profile.icon} size={30} />
            </Preview>
          </Group>
          <ErrorMessage error={error} id={errorId} />
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setStep('trust')}>
              {t('common.back')}
            </Button>
            <Button type="submit">{t('common.next')}</Button>
          </Actions>
        </form>
      </PageFrame>
    );
  }

  if (step === 'passphrase') {
    return (
      <PageFrame title={t('register.passphrase.title')} testId="register-page" headingRef={heading}>
        {stepLabel}
        <Muted>{t('register.passphrase.description')}</Muted>
        <Words data-testid="passphrase-words">
          {passphrase.split(' ').map((word, index) => (
            <li key={index}>{word}</li>
          ))}
        </Words>
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            onClick={() =>
              void navigator.clipboard.writeText(passphrase).then(
                () => setCopied(true),
                () => setCopied(false), // clipboard refused (permissions): the words stay on screen to copy by hand
              )
            }
          >
            {copied ? t('register.passphrase.copied') : t('register.passphrase.copy')}
          </Button>
          <Button type="button" onClick={() => setStep('confirm')}>
            {t('register.passphrase.saved')}
          </Button>
        </Actions>
      </PageFrame>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (normalizePassphrase(confirmation) !== passphrase)
      return setError(new AccountError('passphrase-mismatch', "Passphrase doesn't match"));
    setBusy(true);
    try {
      const backendMeta = meta.status === 'ok' ? meta.meta : null;
      const token = backendMeta?.hasCaptcha ? await captchaToken(backendMeta.captchaClientKey) : undefined;
      await service.register({ passphrase, deviceName, profile, backendUrl, captchaToken: token });
      host.navigate('/');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('register.confirm.title')} testId="register-page" headingRef={heading}>
      {stepLabel}
      <Muted>{t('register.confirm.description')}</Muted>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          {t('login.passphrase')}
          <input
            type="password"
            name="confirmPassphrase"
            autoComplete="new-password"
            spellCheck={false}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            {...fieldErrorProps(error, 'confirmPassphrase', errorId)}
          />
        </Field>
        <ErrorMessage error={error} id={errorId} />
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setStep('passphrase')}>
            {t('common.back')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="register-submit">
            {busy ? t('register.confirm.busy') : t('register.confirm.submit')}
          </Button>
        </Actions>
      </form>
    </PageFrame>
  );
}
