import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName, RemotePages } from 'shared-contracts';
import styled from 'styled-components';
import { RemoteLoadError, forgetRemote, loadRemoteApp } from './remote-loader';

const REMOTE_LABELS: Record<RemoteName, string> = {
  discover: 'Discover',
  player: 'The player',
  account: 'Accounts',
  settings: 'Settings',
};

const Panel = styled.section`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 1.5rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  h2 { margin: 0 0 0.5rem; font-size: 1.25rem; }
  p { margin: 0.25rem 0 1rem; color: ${(p) => p.theme.colors.textDim}; }
  code { word-break: break-all; font-size: 0.85rem; }
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

class SlotBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof RemoteLoadError)) console.error(`[remotes] ${this.props.remote} crashed while rendering`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const label = REMOTE_LABELS[this.props.remote];
    const kind = error instanceof RemoteLoadError ? error.kind : 'crashed';
    const title =
      kind === 'incompatible'
        ? `${label} can't run on this version of the site`
        : kind === 'crashed'
          ? `${label} ran into an error`
          : `${label} is unavailable right now`;
    const explanation =
      kind === 'incompatible'
        ? 'This part of the site was built for a different version and was not started.'
        : kind === 'not-configured'
          ? 'This part of the site is not configured on this deploy.'
          : 'The rest of the site keeps working. Try again in a moment.';
    return (
      <Panel role="alert" data-testid={`remote-error-${this.props.remote}`} data-kind={kind}>
        <h2>{title}</h2>
        <p>{explanation}</p>
        <p>
          <code>{error.message}</code>
        </p>
        <Button type="button" onClick={this.props.onRetry}>
          Retry
        </Button>
      </Panel>
    );
  }
}

function lazyPage(remote: RemoteName, page: string, attempt: number): ComponentType {
  return lazy(async () => {
    if (attempt > 0) console.info(`[remotes] ${remote}: retry ${attempt}`);
    const app = await loadRemoteApp(remote);
    const loader = (app.pages as Record<string, (() => Promise<{ default: ComponentType }>) | undefined>)[page];
    if (!loader) throw new RemoteLoadError(remote, 'incompatible', `${remote} has no page "${page}"`);
    return loader();
  });
}

export interface RemoteSlotProps<N extends RemoteName> {
  remote: N;
  page: RemotePages[N];
}

/** Renders one page of a remote behind its own Suspense and error boundary. Retry starts a fresh load. */
export function RemoteSlot<N extends RemoteName>({ remote, page }: RemoteSlotProps<N>) {
  const [attempt, setAttempt] = useState(0);
  // Each retry needs a fresh lazy: React keeps a rejected one forever.
  const Page = useMemo(() => lazyPage(remote, page, attempt), [remote, page, attempt]);
  const retry = () => {
    forgetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <SlotBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense
        fallback={
          <Loading role="status" aria-live="polite">
            Loading {REMOTE_LABELS[remote].toLowerCase()}…
          </Loading>
        }
      >
        <div data-remote={remote}>
          <Page />
        </div>
      </Suspense>
    </SlotBoundary>
  );
}
