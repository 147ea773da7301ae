import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { checkProxy, fetchBackendMeta } from '../../../core/connections';
import { Button, Field, SectionBox, TextInput, Toggle } from '../../ui';
import type { SettingsDraftApi } from '../use-settings-draft';

const Workers = styled.ul`
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.4rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.4rem 0.75rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  code {
    flex: 1;
    word-break: break-all;
  }
`;

const Status = styled.p<{ $ok: boolean }>`
  margin: 0.4rem 0 0;
  color: ${(p) => (p.$ok ? p.theme.colors.primary : p.theme.colors.danger)};
`;

export function ConnectionsSection({ draftApi }: { draftApi: SettingsDraftApi }) {
  const { t } = useTranslation('settings');
  const host = useHost();
  const { draft, update } = draftApi;
  const [serverCheck, setServerCheck] = useState<{ ok: boolean; text: string } | 'checking' | null>(null);
  const [worker, setWorker] = useState('');
  const [workerError, setWorkerError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const workers = draft.proxyUrls ?? [];
  const custom = Boolean(draft.backendUrl) || draft.proxyUrls !== null;

  async function checkServer() {
    setServerCheck('checking');
    const result = await fetchBackendMeta(draft.backendUrl);
    if (result.ok) {
      update('backendUrl', result.value.url);
      setServerCheck({ ok: true, text: t('connections.serverOk', { name: result.value.name, version: result.value.version }) });
    } else {
      setServerCheck({ ok: false, text: result.error });
    }
  }

  async function addWorker() {
    setAdding(true);
    setWorkerError(null);
    const result = await checkProxy(worker);
    setAdding(false);
    if (!result.ok) {
      setWorkerError(result.error);
      return;
    }
    if (!workers.includes(result.value)) update('proxyUrls', [...workers, result.value]);
    setWorker('');
  }

  return (
    <SectionBox id="settings-connections" aria-labelledby="connections-title">
      <h2 id="connections-title">{t('connections.title')}</h2>
      <Field label={t('connections.status')}>
        <span data-testid="setup-status">{custom ? t('connections.statusCustom') : t('connections.statusDefault')}</span>
      </Field>
      <Field label={t('connections.server')} hint={t('connections.serverHint')}>
        <TextInput
          aria-label={t('connections.server')}
          placeholder={host.config.backendUrl || t('connections.serverPlaceholder')}
          value={draft.backendUrl}
          onChange={(e) => {
            update('backendUrl', e.target.value);
            setServerCheck(null);
          }}
        />
        <Button type="button" onClick={() => void checkServer()} disabled={!draft.backendUrl.trim() || serverCheck === 'checking'}>
          {serverCheck === 'checking' ? t('connections.checking') : t('connections.check')}
        </Button>
      </Field>
      {serverCheck && serverCheck !== 'checking' && (
        <Status $ok={serverCheck.ok} role={serverCheck.ok ? 'status' : 'alert'} data-testid="server-check">
          {serverCheck.text}
        </Status>
      )}
      <Field label={t('connections.workers')} hint={t('connections.workersHint')}>
        <form
          style={{ display: 'flex', gap: '0.5rem', flex: 1, minWidth: 0 }}
          onSubmit={(e) => {
            e.preventDefault();
            void addWorker();
          }}
        >
          <TextInput
            aria-label={t('connections.workers')}
            placeholder={t('connections.workerPlaceholder')}
            value={worker}
            onChange={(e) => setWorker(e.target.value)}
          />
          <Button type="submit" disabled={!worker.trim() || adding}>
            {adding ? t('connections.checking') : t('connections.addWorker')}
          </Button>
        </form>
      </Field>
      {workerError && (
        <Status $ok={false} role="alert" data-testid="worker-error">
          {workerError}
        </Status>
      )}
      {workers.length ? (
        <Workers data-testid="workers">
          {workers.map((url) => (
            <li key={url}>
              <code>{url}</code>
              <Button
                type="button"
                $variant="danger"
                aria-label={t('connections.removeWorker', { url })}
                onClick={() => {
                  const rest = workers.filter((w) => w !== url);
                  update('proxyUrls', rest.length ? rest : null);
                }}
              >
                ✕
              </Button>
            </li>
          ))}
        </Workers>
      ) : (
        <p className="hint">{t('connections.noWorkers')}</p>
      )}
      <Toggle
        label={t('connections.proxyTmdb')}
        hint={t('connections.proxyTmdbHint')}
        checked={draft.preferences.proxyTmdb}
        onChange={(v) => update('preferences', (p) => ({ ...p, proxyTmdb: v }))}
      />
      <h3>{t('connections.mediaServer')}</h3>
      <p className="hint">{t('connections.mediaServerHint')}</p>
      <Field label={t('connections.mediaServerUrl')}>
        <TextInput
          aria-label={t('connections.mediaServerUrl')}
          placeholder="https://jellyfin.example.com"
          value={draft.preferences.mediaServerUrl}
          onChange={(e) => update('preferences', (p) => ({ ...p, mediaServerUrl: e.target.value.trim() }))}
        />
      </Field>
      <Field label={t('connections.mediaServerKey')}>
        <TextInput
          aria-label={t('connections.mediaServerKey')}
          type="password"
          autoComplete="off"
          value={draft.preferences.mediaServerApiKey}
          onChange={(e) => update('preferences', (p) => ({ ...p, mediaServerApiKey: e.target.value.trim() }))}
        />
      </Field>
      {host.config.allowFebboxKey && (
        <>
          <h3>{t('connections.febbox')}</h3>
          <p className="hint">{t('connections.febboxHint')}</p>
          <Field label={t('connections.febboxToken')}>
            <TextInput
              aria-label={t('connections.febboxToken')}
              type="password"
              autoComplete="off"
              value={draft.preferences.febboxKey}
              onChange={(e) => update('preferences', (p) => ({ ...p, febboxKey: e.target.value.trim() }))}
            />
          </Field>
        </>
      )}
    </SectionBox>
  );
}
