import { useCallback, useEffect, useState } from 'react';
import { parseMetrics, type BackendMetrics } from '../../core/metrics';

export type MetricsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; metrics: BackendMetrics }
  | { status: 'refused'; httpStatus: number }
  | { status: 'unreachable' }
  | { status: 'not-set' };

/** GET <backend>/metrics (Prometheus text), parsed. */
export function useBackendMetrics(backendUrl: string): { state: MetricsState; reload: () => void } {
  const [state, setState] = useState<MetricsState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!backendUrl) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no backend configured: nothing to fetch
      setState({ status: 'not-set' });
      return;
    }
    let live = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 8000);
    setState({ status: 'loading' });
    void (async () => {
      try {
        const response = await fetch(`${backendUrl.replace(/\/+$/, '')}/metrics`, { signal: controller.signal });
        if (!response.ok) {
          if (live) setState({ status: 'refused', httpStatus: response.status });
          return;
        }
        const text = await response.text();
        if (live) setState({ status: 'done', metrics: parseMetrics(text) });
      } catch {
        if (live) setState({ status: 'unreachable' });
      } finally {
        clearTimeout(timer);
      }
    })();
    return () => {
      live = false;
      controller.abort();
      clearTimeout(timer);
    };
  }, [backendUrl, attempt]);
  return { state, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
