/** Settings router `/source` and `/source/embeds`: pick a source, then one of its embeds. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio/react';
import type { ScrapeError } from 'scraping-core/errors';
import type { EmbedRef, ProviderInfo } from 'scraping-core/types';
import { cancelScrape, listScrapeProviders, scrapeEmbed, scrapeSource } from '../../../worker/player.client';
import { Icon } from '../icons';
import { goToMenuRoute } from '../player.actions';
import { usePlayer } from '../player.store';
import { plain } from '../start-stream';
import { Choice, MenuCard, Option, useMenu } from './parts';

type EmbedsState =
  | { status: 'loading' }
  | { status: 'list'; embeds: EmbedRef[] }
  | { status: 'error'; error: ScrapeError; kind: ErrorKind }
  | { status: 'embedLoading'; embeds: EmbedRef[]; index: number }
  | { status: 'embedFailed'; embeds: EmbedRef[]; failed: number[] };

export function SourceMenu() {
  const { t } = useTranslation('player');
  const player = usePlayer();
  const { ui, hooks } = player;
  const view = useSnapshot(ui);
  const [providers, setProviders] = useState<ProviderInfo[] | null>(null);
  const type = view.meta?.media.type ?? 'movie';
  useEffect(() => {
    const options = hooks.current.scrapeOptions?.();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- no scrape options: no providers to list
    if (!options) return setProviders([]);
    void listScrapeProviders(options).then((list) => setProviders(list.filter((p) => p.kind === 'source' && p.mediaTypes.includes(type))));
  }, [hooks, type]);
  return (
    <MenuCard title={t('menus.source.title')} back="/">
      {providers === null && <p>{t('loading')}</p>}
      {providers?.map((p) => (
        <Choice
          key={p.id}
          label={p.name}
          selected={view.sourceId === p.id}
          testId={`source-${p.id}`}
          chevron
          onClick={() => {
            goToMenuRoute(player, '/source/embeds');
            menuSource.id = p.id;
            menuSource.name = p.name;
          }}
        />
      ))}
      {providers?.length === 0 && <p>{t('menus.source.none')}</p>}
    </MenuCard>
  );
}

/** Which source the embeds page is about (set by the source list). */
const menuSource = { id: '', name: '' };

type ErrorKind = 'noStream' | 'noEmbeds' | 'failed' | 'extensionDisabled' | 'turnstile';
const KIND: Record<string, ErrorKind> = {
  'scrape/not-found': 'noStream',
  'scrape/no-stream': 'noStream',
  'scrape/invalid-stream': 'noStream',
  'scrape/no-embeds': 'noEmbeds',
  'scrape/extension-disabled': 'extensionDisabled',
  'scrape/turnstile': 'turnstile',
};
/** docs/behaviour.md#scraping-source-menu: the source menu's states, and the extension-disabled error of scraping. */
const ERROR_TEXT: Record<ErrorKind, string> = {
  noStream: 'menus.source.noStream',
  noEmbeds: 'menus.source.noEmbeds',
  failed: 'menus.source.failed',
  extensionDisabled: 'scraping.errors.extension-disabled',
  turnstile: 'turnstile.error',
};

export function EmbedsMenu() {
  const { t } = useTranslation('player');
  const { ui, hooks } = usePlayer();
  const { close } = useMenu();
  const [state, setState] = useState<EmbedsState>({ status: 'loading' });
  const sourceId = menuSource.id;
  // The page's current run (the source, then an embed). Leaving the page (back to the list, another source,
  // closing the menu) cancels it; a result of any other run is stale and ignored.
  const current = useRef<string | null>(null);
  const newRun = () => (current.current = crypto.randomUUID());

  // Options for a run of this page; a Turnstile check (when configured) is given up when the run is left.
  const abort = useRef<AbortController | null>(null);
  const optionsFor = (runId: string) => {
    abort.current?.abort();
    abort.current = new AbortController();
    return hooks.current.scrapeOptionsForRun?.(runId, abort.current.signal);
  };
  const failWith = (error: ScrapeError) => setState({ status: 'error', error, kind: KIND[error.code] ?? 'failed' });

  const runEmbed = async (embeds: EmbedRef[], index: number, failed: number[]) => {
    const embed = embeds[index];
    if (!embed) return;
    const runId = newRun();
    setState({ status: 'embedLoading', embeds, index });
    const options = await optionsFor(runId);
    if (current.current !== runId) return;
    if (!options) return setState({ status: 'embedFailed', embeds, failed: [...failed, index] });
    if (!options.ok) return failWith(options.error);
    const result = await scrapeEmbed(embed.embedId, embed.url, { ...options.value, runId });
    if (current.current !== runId) return;
    const stream = result.ok ? result.value.stream[0] : undefined;
    if (stream) {
      hooks.current.playStream?.(stream, sourceId, embed.embedId);
      close();
      return;
    }
    setState({ status: 'embedFailed', embeds, failed: [...failed, index] });
  };

  useEffect(() => {
    const scrape = ui.meta?.scrape;
    const runId = newRun();
    void (async () => {
      const options = scrape ? await optionsFor(runId) : undefined;
      if (current.current !== runId) return;
      if (!options || !scrape) return failWith({ code: 'scrape/failed', message: 'failed to scrape' });
      if (!options.ok) return failWith(options.error);
      const result = await scrapeSource(sourceId, plain(scrape), { ...options.value, runId });
      if (current.current !== runId) return;
      if (!result.ok) return failWith(result.error);
      if (result.value.stream) {
        hooks.current.playStream?.(result.value.stream, sourceId);
        close();
        return;
      }
      const embeds = result.value.embeds;
      if (embeds.length === 0)
        return setState({ status: 'error', error: { code: 'scrape/no-embeds', message: 'no embeds' }, kind: 'noEmbeds' });
      // With exactly one embed it is scraped at once and the menu closes on success.
      if (embeds.length === 1) void runEmbed(embeds, 0, []);
      else setState({ status: 'list', embeds });
    })();
    return () => {
      const running = current.current;
      current.current = null;
      abort.current?.abort();
      if (running) void cancelScrape(running);
    };
    // Runs once per opened source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceId]);

  const embeds = state.status === 'list' || state.status === 'embedLoading' || state.status === 'embedFailed' ? state.embeds : [];
  const failed = state.status === 'embedFailed' ? state.failed : [];
  return (
    <MenuCard title={menuSource.name || t('menus.source.embeds')} back="/source" testId="source-embeds-menu">
      {state.status === 'loading' && <p role="status">{t('menus.source.loading')}</p>}
      {state.status === 'error' && (
        <p role="alert" data-testid="source-menu-error" data-kind={state.kind}>
          {t(ERROR_TEXT[state.kind])}
        </p>
      )}
      {embeds.map((embed, i) => (
        <Option
          key={`${embed.embedId}-${i}`}
          type="button"
          onClick={() => void runEmbed(embeds, i, failed)}
          disabled={state.status === 'embedLoading'}
          data-testid="embed-option"
          data-status={state.status === 'embedLoading' && state.index === i ? 'loading' : failed.includes(i) ? 'failed' : undefined}
        >
          <span className="label">
            {embed.embedId} #{i + 1}
          </span>
          {state.status === 'embedLoading' && state.index === i && <span className="value">{t('loading')}</span>}
          {failed.includes(i) && (
            <span className="value" style={{ color: 'inherit' }} title={t('menus.source.failed')} data-testid="embed-failed-icon">
              <Icon name="error" size={18} />
            </span>
          )}
        </Option>
      ))}
    </MenuCard>
  );
}
