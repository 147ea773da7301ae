/**
 * /migration: move the account's data to another backend (sign the same keys in there, upload), and
 * export/import all local data as a file (docs/behaviour.md#local-data-export-and-import).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import styled from 'styled-components';
import { useHost } from 'shared-contracts';
import { createBackendClient, type BackendMeta } from 'account-sync/api';
import { AccountError } from 'account-sync/auth';
import { buildExport, parseExport } from 'account-sync/export';
import { useAccountService } from '../account';
import { defaultDeviceName } from '../auth';
import { Actions, Button, ErrorMessage, ErrorText, Field, fieldErrorProps, Muted, PageFrame } from '../ui';

const Section = styled.section`
  margin-top: 2rem;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 0.5rem;
  }
`;

const Success = styled.p.attrs({ role: 'status' })`
  color: ${(p) => p.theme.colors.text} !important;
  font-weight: 600;
`;

function MoveAccount() {
  const { t } = useTranslation('account');
  const host = useHost();
  const service = useAccountService();
  const [url, setUrl] = useState('');
  const [meta, setMeta] = useState<BackendMeta | null>(null);
  const [error, setError] = useState<unknown>(null);
  const errorId = useId();
  const [state, setState] = useState<'idle' | 'checking' | 'moving' | 'done'>('idle');

  if (!host.state.account) {
    return (
      <Section data-testid="migration-move">
        <h2>{t('migration.move.title')}</h2>
        <ErrorText>{t('migration.loginRequired')}</ErrorText>
        <Muted>
          <Link to="/login">{t('register.login')}</Link>
        </Muted>
      </Section>
    );
  }

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setMeta(null);
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
    } catch {
      return setError(new AccountError('url-invalid', 'Not a valid URL'));
    }
    setState('checking');
    try {
      setMeta(await createBackendClient({ baseUrl: parsed.href }).getMeta());
    } catch (failure) {
      setError(failure);
    } finally {
      setState('idle');
    }
  };

  const move = async () => {
    setError(null);
    setState('moving');
    try {
      await service.migrate({ backendUrl: url, deviceName: defaultDeviceName() || 'Browser' });
      setState('done');
    } catch (failure) {
      setError(failure);
      setState('idle');
    }
  };

  return (
    <Section data-testid="migration-move">
      <h2>{t('migration.move.title')}</h2>
      <Muted>{t('migration.move.description')}</Muted>
      <form onSubmit={(e) => void check(e)} noValidate>
        <Field>
          {t('migration.move.url')}
          <input
            name="backendUrl"
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => (setUrl(e.target.value), setMeta(null))}
            placeholder="https://"
            {...fieldErrorProps(error, 'backendUrl', errorId)}
          />
        </Field>
        <Actions>
          <Button type="submit" $variant="secondary" disabled={state !== 'idle' || !url.trim()}>
            {state === 'checking' ? t('common.loading') : t('migration.move.check')}
          </Button>
        </Actions>
      </form>
      {meta && (
        <div data-testid="backend-meta">
          <h3>{meta.name}</h3>
          {meta.description && <p>{meta.description}</p>}
          <Actions>
            <Button type="button" disabled={state !== 'idle'} onClick={() => void move()}>
              {state === 'moving' ? t('migration.move.busy') : t('migration.move.submit')}
            </Button>
          </Actions>
        </div>
      )}
      {state === 'done' && <Success>{t('migration.move.done')}</Success>}
      {error !== null && (
        <>
          <ErrorText>{t('migration.failed')}</ErrorText>
          <ErrorMessage error={error} id={errorId} />
        </>
      )}
    </Section>
  );
}

function ExportImport() {
  const { t } = useTranslation('account');
  const host = useHost();
  const service = useAccountService();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const download = () => {
    try {
      const { state } = host;
      const file = buildExport({
        bookmarks: { ...state.bookmarks },
        progress: { ...state.progress },
        settings: {
          language: state.language,
          theme: state.theme === 'default' ? null : state.theme,
          preferences: { ...state.preferences },
          subtitles: { ...state.subtitles },
        },
      });
      const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `movie-web-${file.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      setMessage({ kind: 'ok', text: t('migration.export.done') });
    } catch {
      setMessage({ kind: 'error', text: t('migration.export.failed') });
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setMessage({ kind: 'error', text: t('migration.import.failed') });
    }
    const parsed = parseExport(text);
    if (!parsed.ok) return setMessage({ kind: 'error', text: t('migration.import.invalid') });
    const { actions } = host;
    try {
      // Signed in, what the file changed goes to the account too.
      await service.importLocalData({ bookmarks: parsed.file.bookmarks, progress: parsed.file.progress });
    } catch {
      return setMessage({ kind: 'error', text: t('migration.import.failed') });
    }
    const settings = parsed.file.settings;
    if (settings.language) actions.setLanguage(settings.language);
    if (settings.theme !== undefined) actions.setTheme(settings.theme ?? 'default');
    if (settings.preferences) actions.setPreferences(settings.preferences);
    if (settings.subtitles) actions.setSubtitleSettings(settings.subtitles);
    setMessage({
      kind: 'ok',
      // Each count in its own plural message: one sentence cannot hold the plural forms of two numbers.
      text: t('migration.import.done', {
        bookmarks: t('migration.import.bookmarks', { count: Object.keys(parsed.file.bookmarks).length }),
        progress: t('migration.import.progress', { count: Object.keys(parsed.file.progress).length }),
      }),
    });
    if (input.current) input.current.value = '';
  };

  return (
    <Section data-testid="migration-file">
      <h2>{t('migration.file.title')}</h2>
      <Muted>{t('migration.file.description')}</Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={download}>
          {t('migration.export.submit')}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => input.current?.click()}>
          {t('migration.import.submit')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('migration.import.submit')}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </Actions>
      {message && (message.kind === 'ok' ? <Success>{message.text}</Success> : <ErrorText>{message.text}</ErrorText>)}
    </Section>
  );
}

export default function MigrationPage() {
  const { t } = useTranslation('account');
  return (
    <PageFrame title={t('migration.title')} testId="migration-page">
      <Muted>{t('migration.description')}</Muted>
      <MoveAccount />
      <ExportImport />
    </PageFrame>
  );
}
