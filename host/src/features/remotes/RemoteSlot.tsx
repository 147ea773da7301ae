import { Component, Suspense, lazy, useEffect, useMemo, useRef, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'shared-contracts/router';
import { useSnapshot } from 'valtio/react';
import { safeBackPath } from '../../core/media-routes';
import type { RemoteName, RemotePages } from 'shared-contracts';
import styled from 'styled-components';
import i18next from 'i18next';
import { connectivity } from '../connectivity';
import { registerNamespace } from '../i18n';
import { RemoteLoadError, forgetRemote, loadRemotePage, pageLoadStartedAt, readyPage } from './remote-loader';
import { ShellFrame } from './shell-frame';

/** How long a remote page may take to arrive before its slot says it is slow (and keeps waiting). */
export const SLOW_NOTICE_MS = 2000;

/** Pages that are a section of the home, not a page of their own: their failure leads nowhere else. */
const HOME_SECTIONS: ReadonlySet<string> = new Set(['homeSection', 'homeBookmarks', 'homeContinueWatching']);

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
  details {
    margin: 0 0 1rem;
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.85rem;
  }
  summary {
    cursor: pointer;
  }
  code {
    display: block;
    margin-top: 0.5rem;
    word-break: break-word;
    white-space: pre-wrap;
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

/** Over a page's own waiting screen (the player's full-screen backdrop). */
const SlowNote = styled.p`
  position: fixed;
  inset-inline: 1rem;
  top: calc(50% + 3rem);
  z-index: 4;
  margin: 0;
  text-align: center;
  color: rgba(255, 255, 255, 0.85);
`;

interface BoundaryProps {
  remote: RemoteName;
  page: string;
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
    return <RemoteFailure remote={this.props.remote} page={this.props.page} error={error} onRetry={this.props.onRetry} />;
  }
}

/**
 * A remote page that failed: what happened in the person's words, Retry, and the way back where the page
 * has no other. Offline, a page that could not load says so, and loads again by itself once the
 * connection is back. What went wrong technically sits behind a disclosure, for developers.
 */
function RemoteFailure({ remote, page, error, onRetry }: { remote: RemoteName; page: string; error: Error; onRetry: () => void }) {
  const { online } = useSnapshot(connectivity);
  const kind = error instanceof RemoteLoadError ? error.kind : 'crashed';
  const offline = kind === 'unavailable' && !online;
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (offline) wasOffline.current = true;
    else if (wasOffline.current && kind === 'unavailable') onRetry();
  }, [offline, kind, onRetry]);
  const name = tr(`remotes.names.${remote}`);
  const title = offline
    ? tr('remotes.offlineTitle')
    : kind === 'incompatible'
      ? tr('remotes.incompatibleTitle', { name })
      : kind === 'crashed'
        ? tr('remotes.crashedTitle', { name })
        : tr('remotes.unavailableTitle', { name });
  const explanation = offline
    ? tr('remotes.offlineText', { name })
    : kind === 'incompatible'
      ? tr('remotes.incompatibleText')
      : kind === 'not-configured'
        ? tr('remotes.notConfiguredText')
        : tr('remotes.unavailableText');
  // The player's pages have no site header, and offline the header's links lead to pages that may not
  // open either: the panel itself leads back.
  const wayBack = remote === 'player' || (offline && !HOME_SECTIONS.has(page));
  return (
    <Panel role="alert" data-testid={`remote-error-${remote}`} data-kind={offline ? 'offline' : kind}>
      <h2>{title}</h2>
      <p>{explanation}</p>
      {!offline && (
        <details data-testid="remote-error-details">
          <summary>{tr('remotes.details')}</summary>
          <code>{error.message}</code>
        </details>
      )}
      <Actions>
        <Button type="button" onClick={onRetry}>
          {tr('remotes.retry')}
        </Button>
        {wayBack && <WayBack />}
      </Actions>
    </Panel>
  );
}

/**
 * A player page that needs the network while offline (the look-up of an embed link's episode): it says
 * so, with Retry and the way back, and tries again by itself once the connection is back.
 */
export function PlayerOffline({ onRetry }: { onRetry: () => void }) {
  const { online } = useSnapshot(connectivity);
  const retry = useRef(onRetry);
  const wasOffline = useRef(!online);
  useEffect(() => {
    retry.current = onRetry;
  });
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) retry.current();
  }, [online]);
  return (
    <Panel role="alert" data-testid="player-offline" data-kind="offline">
      <h2>{tr('remotes.offlineTitle')}</h2>
      <p>{tr('remotes.offlineText', { name: tr('remotes.names.player') })}</p>
      <Actions>
        <Button type="button" onClick={onRetry}>
          {tr('remotes.retry')}
        </Button>
        <WayBack />
      </Actions>
    </Panel>
  );
}

function lazyPage(remote: RemoteName, page: string, attempt: number): ComponentType {
  return lazy(async () => {
    if (attempt > 0) console.info(`[remotes] ${remote}: retry ${attempt}`);
    const component = await loadRemotePage(remote, page, (app) => (app.locales ? registerNamespace(remote, app.locales) : undefined));
    return { default: component };
  });
}

/**
 * While a remote page loads: "Loading …", and once the load has lasted SLOW_NOTICE_MS (counted from when
 * it began, which may be before this mounted), that it is slow to arrive. The page shows when it comes.
 */
function Waiting({ remote, page, waiting }: { remote: RemoteName; page: string; waiting?: (label: string) => ReactNode }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const started = pageLoadStartedAt(remote, page) ?? performance.now();
    const timer = setTimeout(() => setSlow(true), Math.max(0, started + SLOW_NOTICE_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [remote, page]);
  const name = t(`remotes.names.${remote}`);
  const label = slow ? t('remotes.slow', { name }) : t('remotes.loading', { name });
  if (!waiting) {
    const loading = (
      <Loading role="status" aria-live="polite" data-testid="remote-waiting" data-slow={slow || undefined}>
        {label}
      </Loading>
    );
    // The page index.html drew at once, until the load is slow: then the text says so.
    return slow ? loading : <ShellFrame page={`${remote}/${page}`} label={label} fallback={loading} />;
  }
  return (
    <>
      {waiting(label)}
      {/* The waiting screen says it to screen readers; this shows it. */}
      {slow && (
        <SlowNote aria-hidden="true" data-testid="remote-waiting" data-slow>
          {label}
        </SlowNote>
      )}
    </>
  );
}

export interface RemoteSlotProps<N extends RemoteName> {
  remote: N;
  page: RemotePages[N];
  /** Shown while the remote loads, given its translated "Loading …" text (default: that text, centred). */
  waiting?: (label: string) => ReactNode;
}

/** Renders one page of a remote behind its own Suspense and error boundary. Retry starts a fresh load. */
export function RemoteSlot<N extends RemoteName>({ remote, page, waiting }: RemoteSlotProps<N>) {
  const [attempt, setAttempt] = useState(0);
  // A page loaded already renders at once, others through a lazy; chosen once per mount and attempt, so
  // the page is not remounted when its load completes. Each retry needs a fresh lazy: React keeps a
  // rejected one forever.
  const Page = useMemo(() => readyPage(remote, page) ?? lazyPage(remote, page, attempt), [remote, page, attempt]);
  const retry = () => {
    forgetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <SlotBoundary key={`${remote}:${attempt}`} remote={remote} page={page} onRetry={retry}>
      <Suspense fallback={<Waiting remote={remote} page={page} waiting={waiting} />}>
        <div data-remote={remote}>
          {/* eslint-disable-next-line react-hooks/static-components -- a new lazy page per retry, on purpose (see above) */}
          <Page />
        </div>
      </Suspense>
    </SlotBoundary>
  );
}
