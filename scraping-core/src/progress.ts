/**
 * The progress view's state from a run's events (docs/behaviour.md#scraping-progress):
 * a pure reducer the UI (or a test) folds events through.
 */
import type { ScrapeEvent, SourceState } from './types';

export interface ScrapeProgress {
  runId: string | null;
  /** Top-level sources in run order. */
  order: string[];
  sources: Record<string, SourceState>;
  /** The state id currently being scraped. */
  current: string | null;
  done: boolean;
}

export const emptyProgress = (): ScrapeProgress => ({ runId: null, order: [], sources: {}, current: null, done: false });

export function applyScrapeEvent(state: ScrapeProgress, event: ScrapeEvent): ScrapeProgress {
  if (event.type === 'init') {
    const sources: Record<string, SourceState> = {};
    for (const s of event.sources) sources[s.id] = { id: s.id, name: s.name, status: 'waiting', percentage: 0, children: [] };
    return { runId: event.runId, order: event.sources.map((s) => s.id), sources, current: null, done: false };
  }
  if (state.runId !== null && event.runId !== state.runId) return state; // a late event of an older run
  const sources = { ...state.sources };
  switch (event.type) {
    case 'start': {
      // A source still pending when the next starts has moved on successfully (it gave embeds).
      const previous = state.current ? sources[state.current] : undefined;
      if (previous && previous.status === 'pending' && !previous.children.includes(event.id))
        sources[previous.id] = { ...previous, status: 'success' };
      const target = sources[event.id];
      if (target) sources[event.id] = { ...target, status: 'pending', percentage: 0 };
      return { ...state, sources, current: event.id };
    }
    case 'update': {
      const target = sources[event.id];
      if (!target) return state;
      const next: SourceState = { ...target, status: event.status, percentage: event.percentage };
      if (event.reason !== undefined) next.reason = event.reason;
      if (event.error !== undefined) next.error = event.error;
      sources[event.id] = next;
      return { ...state, sources };
    }
    case 'embeds': {
      const parent = sources[event.sourceId];
      if (!parent) return state;
      for (const e of event.embeds)
        sources[e.id] = { id: e.id, name: e.name, status: 'waiting', percentage: 0, embedId: e.embedId, children: [] };
      sources[event.sourceId] = { ...parent, children: event.embeds.map((e) => e.id) };
      return { ...state, sources };
    }
    case 'done':
      return { ...state, current: null, done: true };
  }
}
