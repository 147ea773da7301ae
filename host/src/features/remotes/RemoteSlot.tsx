import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'shared-contracts/router';
import { safeBackPath } from '../../core/media-routes';
import type { RemoteName, RemotePages } from 'shared-contracts';
import styled from 'styled-components';
import i18next from 'i18next';
import { registerNamespace } from '../i18n';
import { RemoteLoadError, forgetRemote, loadRemotePage, readyPage } from './remote-loader';

const Panel = styled.section`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 1.5rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.25rem;
  }
  p {
    margin: 0.25rem 0 1rem;
    color: ${(p) => p.theme.colors.textDim};
  }
  code {
    word-break: break-all;
    font-size: 0.85rem;
  }
`;

const Button = styled.button`
  padding: 0.6rem 1.2rem;
  border: 0;
  border-radius: 8px;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.primaryText};
  font-weight: 600;
  cursor: pointer;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  a {
    display: inline-flex;
    align-items: center;
    padding: 0.6rem 1.2rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
`;

/** Back (?back=, else the page before in this tab, else home) and Home, for a player page that failed to load. */
function WayBack() {
  const navigate = useNavigate();
  const back = safeBackPath(new URLSearchParams(window.location.search).get('back'));
  const go = (url: string) => (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (url === back || ((window.history.state as { idx?: number } | null)?.idx ?? 0) === 0) void navigate(url);
    else window.history.back();
  };
  return (
    <>
      <a href={back ?? '/'} onClick={go(back ?? '/')} data-testid="remote-error-back">
        {tr('remotes.back')}
      </a>
      <a
        href="/"
        onClick={(e) => {
          e.preventDefault();
          void navigate('/');
        }}
      >
        {tr('navigation.home')}
      </a>
    </>
  );
}

const Loading = styled.div`
  padding: 3rem 1rem;
  text-align: center;
  color: ${(p) => p.theme.colors.textDim};
`;

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

const tr = (key: string, options?: Record<string, unknown>) => i18next.t(key, { ns: 'host', ...options });

class SlotBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof RemoteLoadError))
      console.error(`[remotes] ${this.props.remote} crashed while rendering`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const name = tr(`remotes.names.${this.props.remote}`);
    const kind = error instanceof RemoteLoadError ? error.kind : 'crashed';
    const title =
      kind === 'incompatible'
        ? tr('remotes.incompatibleTitle', { name })
        : kind === 'crashed'
          ? tr('remotes.crashedTitle', { name })
          : tr('remotes.unavailableTitle', { name });
    const explanation =
      kind === 'incompatible'
        ? tr('remotes.incompatibleText')
        : kind === 'not-configured'
          ? tr('remotes.notConfiguredText')
          : tr('remotes.unavailableText');
    return (
      <Panel role="alert" data-testid={`remote-error-${this.props.remote}`} data-kind={kind}>
        <h2>{title}</h2>
        <p>{explanation}</p>
        <p>
          <code>{error.message}</code>
        </p>
        <Actions>
          <Button type="button" onClick={this.props.onRetry}>
            {tr('remotes.retry')}
          </Button>
          {/* The player's pages have no site header: the panel itself leads back. */}
          {this.props.remote === 'player' && <WayBack />}
        </Actions>
      </Panel>
    );
  }
}

function lazyPage(remote: RemoteName, page: string, attempt: number): ComponentType {
  return lazy(async () => {
    if (attempt > 0) console.info(`[remotes] ${remote}: retry ${attempt}`);
    const component = await loadRemotePage(remote, page, (app) => (app.locales ? registerNamespace(remote, app.locales) : undefined));
    return { default: component };
  });
}

export interface RemoteSlotProps<N extends RemoteName> {
  remote: N;
  page: RemotePages[N];
  /** Shown while the remote loads, given its translated "Loading …" text (default: that text, centred). */
  waiting?: (label: string) => ReactNode;
}

/** Renders one page of a remote behind its own Suspense and error boundary. Retry starts a fresh load. */
export function RemoteSlot<N extends RemoteName>({ remote, page, waiting }: RemoteSlotProps<N>) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // A page loaded already renders at once, others through a lazy; chosen once per mount and attempt, so
  // the page is not remounted when its load completes. Each retry needs a fresh lazy: React keeps a
  // rejected one forever.
  const Page = useMemo(() => readyPage(remote, page) ?? lazyPage(remote, page, attempt), [remote, page, attempt]);
  const retry = () => {
    forgetRemote(remote);
    setAttempt((n) => n + 1);
  };
  const label = t('remotes.loading', { name: t(`remotes.names.${remote}`) });
  return (
    <SlotBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense
        fallback={
          waiting ? (
            waiting(label)
          ) : (
            <Loading role="status" aria-live="polite">
              {label}
            </Loading>
          )
        }
      >
        <div data-remote={remote}>
          {/* eslint-disable-next-line react-hooks/static-components -- a new lazy page per retry, on purpose (see above) */}
          <Page />
        </div>
      </Suspense>
    </SlotBoundary>
  );
}
