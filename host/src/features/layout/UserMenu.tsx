/** The header's user menu (docs/behaviour.md#routes-site-frame): settings, about, discover, login/sync, logout, support, tip link. */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import styled from 'styled-components';
import { profileIconPath } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { useRuntime } from '../remotes';
import { logout } from '../account-service';
import { authStore } from '../stores';
import { shortDeviceName } from './device-name';
import { useDeviceName } from './use-device-name';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.4rem 0.7rem;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  cursor: pointer;
  max-width: 14rem;
  .name {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @media (max-width: 479.98px) {
    max-width: 9.5rem;
    padding-inline-end: 0.6rem;
  }
`;

/**
 * Three lines, drawn: as the character ☰ it sent the browser through the system's fonts for one that has it
 * on every first load, and some systems have none.
 */
function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
    >
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

/** The profile's colours and icon (profile {colorA, colorB, icon}), as on the register page. */
const Avatar = styled.span<{ $a: string; $b: string }>`
  flex: none;
  display: grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 50%;
  background: linear-gradient(135deg, ${(p) => p.$a}, ${(p) => p.$b});
  color: #fff;
  svg {
    width: 1.05rem;
    height: 1.05rem;
  }
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const Panel = styled.div`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + 0.5rem);
  min-width: 15rem;
  padding: 0.5rem;
  border-radius: 12px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surface};
  box-shadow: 0 12px 32px rgb(0 0 0 / 40%);
  z-index: 20;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a,
  button {
    display: block;
    width: 100%;
    text-align: start;
    padding: 0.55rem 0.75rem;
    border-radius: 8px;
    border: 0;
    background: none;
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover,
  a:focus-visible,
  button:focus-visible {
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  hr {
    border: 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
    margin: 0.4rem 0;
  }
  .who {
    padding: 0.5rem 0.75rem;
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
  }
`;

export function UserMenu() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const account = useSnapshot(authStore).account;
  const deviceName = useDeviceName();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <Wrapper ref={wrapper}>
      {/* Named by what it shows (WCAG 2.5.3): the device name, then what the button does. */}
      <Trigger type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} data-testid="user-menu-button">
        {account ? (
          <Avatar $a={account.profile.colorA} $b={account.profile.colorB} aria-hidden>
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              focusable="false"
            >
              <path d={profileIconPath(account.profile.icon)} />
            </svg>
          </Avatar>
        ) : (
          <MenuIcon />
        )}
        {account && deviceName && (
          <span className="name" data-testid="device-name">
            {shortDeviceName(deviceName)}
          </span>
        )}
        <VisuallyHidden>{open ? t('navigation.closeMenu') : t('navigation.openMenu')}</VisuallyHidden>
      </Trigger>
      {open && (
        <Panel id={panelId}>
          {account && deviceName && <div className="who">{t('navigation.menu.account', { name: deviceName })}</div>}
          <ul>
            <li>
              <Link to="/settings" onClick={close}>
                {t('navigation.menu.settings')}
              </Link>
            </li>
            <li>
              <Link to="/discover" onClick={close}>
                {t('navigation.menu.discover')}
              </Link>
            </li>
            <li>
              <Link to="/about" onClick={close}>
                {t('navigation.menu.about')}
              </Link>
            </li>
            <li>
              <Link to="/support" onClick={close}>
                {t('navigation.menu.support')}
              </Link>
            </li>
            {config.tipUrl && (
              <li>
                <a href={config.tipUrl} target="_blank" rel="noreferrer" onClick={close}>
                  {t('navigation.menu.tip')}
                </a>
              </li>
            )}
          </ul>
          <hr />
          {account ? (
            <button type="button" onClick={() => (close(), void logout())}>
              {t('navigation.menu.logout')}
            </button>
          ) : (
            <Link to="/login" onClick={close}>
              {t('navigation.menu.login')}
            </Link>
          )}
        </Panel>
      )}
    </Wrapper>
  );
}
