/** The host's last line: a render error anywhere outside a remote slot shows this page (docs/behaviour.md#failures-render-errors). */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, Button, CenteredMessage } from '../ui';

const Details = styled.pre`
  text-align: start;
  white-space: pre-wrap;
  word-break: break-word;
  max-height: 16rem;
  overflow: auto;
  padding: 1rem;
  border-radius: 8px;
  background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border};
  color: ${(p) => p.theme.colors.text};
  font-size: 0.8rem;
  width: 100%;
`;

export function ErrorPage({ error, componentStack }: { error: Error; componentStack?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const details = `${error.name}: ${error.message}\n${error.stack ?? ''}${componentStack ? `\n${componentStack}` : ''}`;
  return (
    <CenteredMessage role="alert" data-testid="error-page">
      <Badge>{t('errors.badge')}</Badge>
      <h1>{t('errors.title')}</h1>
      <p>{t('errors.message')}</p>
      <div className="actions">
        <Button type="button" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
        <Button type="button" $variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('errors.hideDetails') : t('errors.showDetails')}
        </Button>
      </div>
      {open && (
        <>
          <Details data-testid="error-details">{details}</Details>
          <Button
            type="button"
            $variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(details).then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), 2000);
              })
            }
          >
            {copied ? t('errors.copied') : t('errors.copy')}
          </Button>
        </>
      )}
    </CenteredMessage>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; stack?: string }> {
  override state: { error: Error | null; stack?: string } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[host] render error', error, info.componentStack);
    this.setState({ stack: info.componentStack ?? undefined });
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} componentStack={this.state.stack} /> : this.props.children;
  }
}
