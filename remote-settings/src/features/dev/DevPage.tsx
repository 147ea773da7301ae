import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost, type RegionName } from 'shared-contracts';
import styled from 'styled-components';
import { checkProxy, fetchBackendMeta, type BackendMeta } from '../../core/connections';
import { REGIONS, nearestRegion } from 'shared-contracts';
import { Button, SectionBox } from '../ui';
import { useBackendMetrics } from './use-backend-metrics';

const Page = styled.div`
  max-width: 56rem;
  margin: 0 auto;
  padding: 1.5rem 0 3rem;
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.4rem 1.5rem;
    margin: 0.75rem 0;
  }
  dt {
    color: ${(p) => p.theme.colors.textDim};
  }
  dd {
    margin: 0;
    word-break: break-all;
  }
  ul {
    padding-inline-start: 1.2rem;
  }
  .ok {
    color: ${(p) => p.theme.colors.primary};
  }
  .bad {
    color: ${(p) => p.theme.colors.danger};
  }
  select {
    padding: 0.45rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    border: 1px solid ${(p) => p.theme.colors.border};
    font: inherit;
  }
`;

type Outcome<T> = { status: 'idle' } | { status: 'running' } | { status: 'ok'; value: T } | { status: 'error'; message: string };

function BackendTest() {
  const { t } = useTranslation('settings');
  const { state } = useHost();
  const [outcome, setOutcome] = useState<Outcome<BackendMeta>>({ status: 'idle' });
  const run = async () => {
    if (!state.backendUrl) return setOutcome({ status: 'error', message: t('dev.backendNotSet') });
    setOutcome({ status: 'running' });
    const result = await fetchBackendMeta(state.backendUrl);
    setOutcome(result.ok ? { status: 'ok', value: result.value } : { status: 'error', message: t('dev.backendFailed') });
  };
  return (
    <SectionBox aria-labelledby="backend-test">
      <h2 id="backend-test">{t('dev.backendTest')}</h2>
      <Button type="button" onClick={() => void run()} disabled={outcome.status === 'running'}>
        {t('dev.runTest')}
      </Button>
      {outcome.status === 'error' && (
        <p role="alert" data-testid="backend-test-result">
          {outcome.message}
        </p>
      )}
      {outcome.status === 'ok' && (
        <dl data-testid="backend-test-result">
          <dt>{t('dev.version')}</dt>
          <dd>{outcome.value.version}</dd>
          <dt>{t('dev.name')}</dt>
          <dd>{outcome.value.name}</dd>
          <dt>{t('dev.description')}</dt>
          <dd>{outcome.value.description ?? '—'}</dd>
          <dt>{t('dev.captcha')}</dt>
          <dd>{outcome.value.hasCaptcha ? t('dev.yes') : t('dev.no')}</dd>
        </dl>
      )}
    </SectionBox>
  );
}

function WorkerTests() {
  const { t } = useTranslation('settings');
  const { state } = useHost();
  const [results, setResults] = useState<Record<string, Outcome<string>>>({});
  const run = async () => {
    for (const url of state.proxyUrls) {
      setResults((r) => ({ ...r, [url]: { status: 'running' } }));
      const result = await checkProxy(url);
      setResults((r) => ({ ...r, [url]: result.ok ? { status: 'ok', value: url } : { status: 'error', message: result.error } }));
    }
  };
  return (
    <SectionBox aria-labelledby="worker-tests">
      <h2 id="worker-tests">{t('dev.workerTests')}</h2>
      {state.proxyUrls.length === 0 ? (
        <p>{t('dev.noWorkersConfigured')}</p>
      ) : (
        <>
          <Button type="button" onClick={() => void run()}>
            {t('dev.runTest')}
          </Button>
          <ul data-testid="worker-results">
            {state.proxyUrls.map((url) => {
              const r = results[url];
              return (
                <li key={url}>
                  <code>{url}</code> {r?.status === 'ok' && <span className="ok">{t('dev.workerOk')}</span>}
                  {r?.status === 'error' && <span className="bad">{r.message}</span>}
                  {r?.status === 'running' && <span>…</span>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </SectionBox>
  );
}

function TmdbTest() {
  const { t } = useTranslation('settings');
  const { config, catalog } = useHost();
  const [outcome, setOutcome] = useState<Outcome<string>>({ status: 'idle' });
  const run = async () => {
    if (!config.tmdbReadToken) return setOutcome({ status: 'error', message: t('dev.tmdbNotSet') });
    // A 32-hex string is a v3 API key, not the read access token the key test asks for.
    if (/^[0-9a-f]{32}$/i.test(config.tmdbReadToken)) return setOutcome({ status: 'error', message: t('dev.tmdbNotReadOnly') });
    setOutcome({ status: 'running' });
    try {
      await catalog.list({ kind: 'movie-list', list: 'popular' }, 1);
      setOutcome({ status: 'ok', value: t('dev.tmdbOk') });
    } catch {
      setOutcome({ status: 'error', message: t('dev.tmdbFailed') });
    }
  };
  return (
    <SectionBox aria-labelledby="tmdb-test">
      <h2 id="tmdb-test">{t('dev.tmdbTest')}</h2>
      {!config.tmdbReadToken && <p>{t('dev.tmdbLocal', { url: config.localCatalogUrl })}</p>}
      <Button type="button" onClick={() => void run()}>
        {t('dev.runTest')}
      </Button>
      {outcome.status === 'ok' && (
        <p className="ok" role="status" data-testid="tmdb-test-result">
          {outcome.value}
        </p>
      )}
      {outcome.status === 'error' && (
        <p className="bad" role="alert" data-testid="tmdb-test-result">
          {outcome.message}
        </p>
      )}
    </SectionBox>
  );
}

function RegionSelector() {
  const { t } = useTranslation('settings');
  const { state, actions, config } = useHost();
  const [lookup, setLookup] = useState<'idle' | 'running' | 'failed'>('idle');
  const locate = async () => {
    if (!config.geoUrl) return setLookup('failed');
    setLookup('running');
    try {
      const response = await fetch(`${config.geoUrl.replace(/\/+$/, '')}/json/`);
      const body = (await response.json()) as { latitude?: unknown; longitude?: unknown };
      if (!response.ok || typeof body.latitude !== 'number' || typeof body.longitude !== 'number') throw new Error('no location');
      actions.setRegion(nearestRegion(body.latitude, body.longitude), { userPicked: false });
      setLookup('idle');
    } catch {
      setLookup('failed');
    }
  };
  return (
    <SectionBox aria-labelledby="region-title">
      <h2 id="region-title">{t('dev.region')}</h2>
      <p>{t('dev.regionHint')}</p>
      <select
        aria-label={t('dev.region')}
        value={state.region.region ?? ''}
        onChange={(e) => actions.setRegion(e.target.value as RegionName, { userPicked: true })}
      >
        {!state.region.region && <option value="">—</option>}
        {(Object.keys(REGIONS) as RegionName[]).map((region) => (
          <option key={region} value={region}>
            {region}
          </option>
        ))}
      </select>{' '}
      <span data-testid="region-source">{state.region.userPicked ? t('dev.regionPicked') : t('dev.regionAuto')}</span>{' '}
      <Button type="button" onClick={() => void locate()} disabled={lookup === 'running'}>
        {t('dev.regionLookup')}
      </Button>
    </SectionBox>
  );
}

export default function DevPage() {
  const { t } = useTranslation('settings');
  const { config, appVersion, state } = useHost();
  const { state: metrics } = useBackendMetrics(state.backendUrl);
  const count = (value: number | null | undefined) => (value === null || value === undefined ? t('dev.unknown') : String(value));
  return (
    <Page data-testid="dev-page">
      <h1>{t('dev.title')}</h1>
      <SectionBox aria-labelledby="constants">
        <h2 id="constants">{t('dev.constants')}</h2>
        <dl>
          <dt>{t('dev.routingMode')}</dt>
          <dd>{config.routerMode}</dd>
          <dt>{t('dev.appVersion')}</dt>
          <dd>{appVersion}</dd>
          <dt>{t('dev.backendRequests')}</dt>
          <dd data-testid="backend-requests">{metrics.status === 'done' ? count(metrics.metrics.requests) : t('dev.unknown')}</dd>
          <dt>{t('dev.userAccounts')}</dt>
          <dd data-testid="user-accounts">{metrics.status === 'done' ? count(metrics.metrics.users) : t('dev.unknown')}</dd>
          <dt>{t('dev.backendUrl')}</dt>
          <dd>{state.backendUrl || t('dev.notSet')}</dd>
        </dl>
      </SectionBox>
      <BackendTest />
      <WorkerTests />
      <TmdbTest />
      <RegionSelector />
    </Page>
  );
}
