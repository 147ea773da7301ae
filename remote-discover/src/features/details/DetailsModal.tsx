/**
 * The details modal (docs/behaviour.md#details-content): trailer with mute and play controls, Play or Resume,
 * bookmark toggle, genres, overview, director, first 5 cast names, runtime, language, release date,
 * certification, rating bar with vote count, links to the movie database and IMDb; shows add a season
 * picker and an episode carousel. Hidden when there is no data and nothing is loading. Max 900x1200 px.
 * This file is the shell: it loads the details, holds the dialog (focus, Escape, backdrop click) and lays
 * out the sections (DetailsHero, DetailsHeader, DetailsFacts, Episodes).
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type MediaDetails, type MediaRef, useHostWith } from 'shared-contracts';
import { runtimeKey, splitRuntime } from '../../core/format';
import { CloseIcon } from '../icons';
import { Backdrop, Dialog } from './DetailsModal.styles';
import { DetailsFacts } from './DetailsFacts';
import { DetailsHeader } from './DetailsHeader';
import { DetailsHero } from './DetailsHero';
import { Episodes } from './Episodes';
import { useDetailsModal } from './use-details-modal';
import { useDialog } from './use-dialog';
import { useImdb, useImdbBase } from './use-imdb';

type Load = { status: 'loading' } | { status: 'ready'; details: MediaDetails } | { status: 'failed' };

export default function DetailsModal({ mediaRef }: { mediaRef: MediaRef }) {
  const { t } = useTranslation('discover');
  const host = useHostWith('progress', 'bookmarks');
  const { catalog } = host;
  const { close } = useDetailsModal();
  const dialog = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const imdbBase = useImdbBase();
  const details = load.status === 'ready' ? load.details : null;
  const imdb = useImdb(details?.imdbId);
  useDialog(dialog, close);

  useEffect(() => {
    const controller = new AbortController();
    catalog.details(mediaRef, { signal: controller.signal }).then(
      // A transition: the details render in slices while the loading line stays on screen, not in one long
      // task.
      (d) => startTransition(() => setLoad({ status: 'ready', details: d })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[discover] details failed to load', error); // logged only; the modal hides itself
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [catalog, mediaRef]);

  // Shown without data and not loading, the modal hides itself.
  if (load.status === 'failed') return null;

  const titleId = 'details-modal-title';

  let body = (
    <p className="loading" role="status">
      {t('details.loading')}
    </p>
  );
  let hero = <div className="hero" />;
  if (details) {
    const runtime = details.runtime ? splitRuntime(details.runtime) : null;
    const runtimeText = runtime ? t(`details.${runtimeKey(runtime)}`, { hours: runtime.hours, minutes: runtime.minutes }) : null;
    hero = <DetailsHero details={details} imdb={imdb} />;
    body = (
      <div className="body">
        <DetailsHeader mediaRef={mediaRef} details={details} titleId={titleId} runtimeText={runtimeText} host={host} />
        <DetailsFacts details={details} imdb={imdb} imdbBase={imdbBase} runtimeText={runtimeText} />
        {details.type === 'show' && details.seasons && details.seasons.length > 0 && <Episodes show={details} />}
      </div>
    );
  }

  // Portalled to the body: no page styles or stacking contexts of the slot it was opened from apply.
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <Dialog
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={details ? titleId : undefined}
        aria-label={details ? undefined : t('details.loading')}
        aria-busy={!details}
        tabIndex={-1}
        data-testid="details-modal"
      >
        {hero}
        <button type="button" className="round close" aria-label={t('details.close')} onClick={close}>
          <CloseIcon />
        </button>
        {body}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
