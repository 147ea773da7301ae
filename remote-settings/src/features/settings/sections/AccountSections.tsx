import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { useHost, type AccountProfile, type AccountService, type AccountSession } from 'shared-contracts';
import styled from 'styled-components';
import { Button, Field, ProfilePicker, SectionBox, TextInput, useConfirm } from '../../ui';

const sameProfile = (a: AccountProfile, b: AccountProfile) =>
  a.colorA.toLowerCase() === b.colorA.toLowerCase() && a.colorB.toLowerCase() === b.colorB.toLowerCase() && a.icon === b.icon;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  margin-top: 1rem;
`;

const Sessions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.6rem 0.8rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  .who {
    flex: 1;
  }
  small {
    display: block;
    color: ${(p) => p.theme.colors.textDim};
  }
  strong.current {
    color: ${(p) => p.theme.colors.primary};
    font-size: 0.8rem;
  }
`;

function useResult() {
  const { t } = useTranslation('settings');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = useCallback(
    async (action: () => Promise<string | void>) => {
      try {
        const text = await action();
        setMessage(text ? { ok: true, text } : null);
      } catch (error) {
        setMessage({ ok: false, text: t('account.failed', { message: (error as Error).message }) });
      }
    },
    [t],
  );
  return { message, run };
}

export type SessionsState = { status: 'loading' } | { status: 'done'; sessions: AccountSession[] } | { status: 'error'; message: string };

/** The account's sessions, loaded once for both sections (this device's name, the devices list); reload() asks again. */
export function useSessions(service: AccountService): { state: SessionsState; reload: () => void } {
  const [state, setState] = useState<SessionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request starts from its loading state (the answer comes later)
    setState({ status: 'loading' });
    service.listSessions().then(
      (sessions) => live && setState({ status: 'done', sessions }),
      (error: Error) => live && setState({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [service, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

export function AccountSection({
  service,
  sessions,
  onSessionsChanged,
}: {
  service: AccountService;
  sessions: SessionsState;
  onSessionsChanged: () => void;
}) {
  const { t } = useTranslation('settings');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const host = useHost();
  const account = host.state.account!;
  // This device's name as the server knows it (decrypted on the device); editable, shown after a reload too.
  const currentName = sessions.status === 'done' ? (sessions.sessions.find((session) => session.current)?.deviceName ?? '') : '';
  const [name, setName] = useState(currentName);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the field follows the server's value when it arrives
  useEffect(() => setName(currentName), [currentName]);
  const [profile, setProfile] = useState(account.profile);
  const { message, run } = useResult();
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the field follows the stored profile when it changes
  useEffect(() => setProfile(account.profile), [account.profile]);
  return (
    <SectionBox id="settings-account" aria-labelledby="account-title">
      <h2 id="account-title">{t('account.title')}</h2>
      <Field label={t('account.deviceName')}>
        <TextInput aria-label={t('account.deviceName')} value={name} onChange={(e) => setName(e.target.value)} />
        <Button
          type="button"
          disabled={!name.trim() || name.trim() === currentName}
          onClick={() => void run(async () => (await service.renameDevice(name.trim()), onSessionsChanged()))}
        >
          {t('account.rename')}
        </Button>
      </Field>
      <h3>{t('account.profile')}</h3>
      <ProfilePicker profile={profile} onChange={setProfile} />
      <Button type="button" disabled={sameProfile(profile, account.profile)} onClick={() => void run(() => service.updateProfile(profile))}>
        {t('account.saveProfile')}
      </Button>
      <Row>
        <Button type="button" onClick={() => void run(() => service.logout())}>
          {t('account.logout')}
        </Button>
        <Button
          type="button"
          onClick={() =>
            void run(async () => {
              const count = await service.endOtherSessions();
              onSessionsChanged();
              return t('account.endedSessions', { count });
            })
          }
        >
          {t('account.endSessions')}
        </Button>
        <Button as={Link} to="/migration">
          {t('account.migration')}
        </Button>
        <Button as={Link} to="/admin">
          {t('account.admin')}
        </Button>
        <Button
          type="button"
          $variant="danger"
          onClick={() =>
            void confirm({
              title: t('account.deleteTitle'),
              message: t('account.deleteConfirm'),
              confirmLabel: t('account.deleteAccount'),
              destructive: true,
            }).then((sure) => {
              if (sure) void run(() => service.deleteAccount());
            })
          }
        >
          {t('account.deleteAccount')}
        </Button>
        {confirmDialog}
      </Row>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} data-testid="account-message">
          {message.text}
        </p>
      )}
    </SectionBox>
  );
}

export function DevicesSection({ service, state, reload }: { service: AccountService; state: SessionsState; reload: () => void }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <SectionBox id="settings-devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devices.title')}</h2>
      {state.status === 'loading' && <p role="status">{t('devices.loading')}</p>}
      {state.status === 'error' && (
        <p role="alert">
          {t('devices.failed', { message: state.message })} <Button onClick={reload}>{t('devices.retry')}</Button>
        </p>
      )}
      {state.status === 'done' && (
        <Sessions data-testid="sessions">
          {state.sessions.map((session) => (
            <li key={session.id}>
              <div className="who">
                {session.deviceName ?? t('devices.unknownDevice')}{' '}
                {session.current && <strong className="current">{t('devices.current')}</strong>}
                <small>{t('devices.lastUsed', { date: new Date(session.accessedAt).toLocaleString(i18n.language) })}</small>
              </div>
              {!session.current && (
                <Button type="button" $variant="danger" onClick={() => void service.removeSession(session.id).then(reload)}>
                  {t('devices.remove')}
                </Button>
              )}
            </li>
          ))}
        </Sessions>
      )}
    </SectionBox>
  );
}

/** Account and devices, sharing one load of the sessions. */
export function AccountSections({ service }: { service: AccountService }) {
  const { state, reload } = useSessions(service);
  return (
    <>
      <AccountSection service={service} sessions={state} onSessionsChanged={reload} />
      <DevicesSection service={service} state={state} reload={reload} />
    </>
  );
}
