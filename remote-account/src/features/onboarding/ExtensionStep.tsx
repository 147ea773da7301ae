/**
 * Onboarding's extension step (docs/behaviour.md#scraping-extension): finds the extension (hello) and shows what to do next —
 * install it, update it, allow it on this site (openPage 'PermissionGrant', which comes back here), or
 * continue once it is ready.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Actions, Button, ErrorText, Muted, PageFrame } from '../ui';
import { useExtensionStatus } from './use-extension-status';

/** Where the movie-web extension is published. */
const INSTALL_LINKS = [
  { browser: 'chrome', href: 'https://chromewebstore.google.com/detail/movie-web-extension/hoffoikpiofojilgpofjhnkkamfnnhmm' },
  { browser: 'firefox', href: 'https://addons.mozilla.org/firefox/addon/movie-web-extension' },
] as const;

const Status = styled.div<{ $tone: 'neutral' | 'warning' | 'success' }>`
  margin-top: 1.25rem;
  padding: 1rem 1.2rem;
  border-radius: 10px;
  border: 1px solid
    ${(p) => (p.$tone === 'warning' ? p.theme.colors.warning : p.$tone === 'success' ? p.theme.colors.primary : p.theme.colors.border)};
  background: ${(p) => p.theme.colors.surfaceRaised};
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
    outline: none;
  }
  p {
    margin: 0.25rem 0 0;
  }
`;

const Links = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  padding: 0;
  margin: 0.75rem 0 0;
  a {
    color: ${(p) => p.theme.colors.primary};
    font-weight: 600;
  }
`;

export function ExtensionStep({ onBack, onFinish }: { onBack: () => void; onFinish: () => void }) {
  const { t } = useTranslation('account');
  const { state, bridge, recheck } = useExtensionStatus();
  const [grantFailed, setGrantFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const userChecked = useRef(false);

  // After a check the user asked for, focus moves to the new status (its button may be gone).
  useEffect(() => {
    if (state.status !== 'checking' && userChecked.current) {
      userChecked.current = false;
      heading.current?.focus();
    }
  }, [state.status]);

  const check = () => {
    userChecked.current = true;
    setGrantFailed(false);
    void recheck();
  };

  const grant = async () => {
    setGrantFailed(false);
    // The extension opens its permission page and sends the user back here when it is done.
    const answer = await bridge.openPage({ page: 'PermissionGrant', redirectUrl: window.location.href });
    if (!answer?.success) setGrantFailed(true);
  };

  const tone = state.status === 'ready' ? 'success' : state.status === 'outdated' || state.status === 'disallowed' ? 'warning' : 'neutral';
  const version = 'hello' in state ? state.hello.version : '';

  return (
    <PageFrame title={t('onboarding.extension.title')} testId="onboarding-page">
      <Muted>{t('onboarding.extension.description')}</Muted>
      <Status $tone={tone} role="status" aria-busy={state.status === 'checking'} data-testid="extension-status" data-status={state.status}>
        <h2 ref={heading} tabIndex={-1}>
          {t(`onboarding.extension.status.${state.status}`)}
        </h2>
        {state.status !== 'checking' && <Muted>{t(`onboarding.extension.hint.${state.status}`, { version })}</Muted>}
        {(state.status === 'missing' || state.status === 'outdated') && (
          <Links aria-label={t('onboarding.extension.install')}>
            {INSTALL_LINKS.map((link) => (
              <li key={link.browser}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {t(`onboarding.extension.installFor.${link.browser}`)}
                </a>
              </li>
            ))}
          </Links>
        )}
      </Status>
      {grantFailed && <ErrorText>{t('onboarding.extension.grantFailed')}</ErrorText>}
      <Actions>
        <Button type="button" $variant="secondary" onClick={onBack}>
          {t('common.back')}
        </Button>
        {state.status !== 'ready' && (
          <Button type="button" $variant="secondary" onClick={check} disabled={state.status === 'checking'}>
            {t('onboarding.extension.recheck')}
          </Button>
        )}
        {state.status === 'disallowed' && (
          <Button type="button" onClick={() => void grant()}>
            {t('onboarding.extension.grant')}
          </Button>
        )}
        {state.status === 'ready' && (
          <Button type="button" onClick={onFinish}>
            {t('onboarding.extension.submit')}
          </Button>
        )}
      </Actions>
    </PageFrame>
  );
}
