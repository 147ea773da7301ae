import { useTranslation } from 'react-i18next';
import { useHostServices } from 'shared-contracts';

/**
 * What a watch page shows while the player remote loads: the player's own dark backdrop with Back and
 * the title when this device knows it (a bookmark, watch progress) from the first frame, and one
 * spinner that fades in only if the wait lasts (no flash for a fast load); the loading words are for
 * screen readers. It is the same element index.html paints on /media and /embed before any script
 * runs, styled there (`.shell-player`, no JavaScript for it on the first load; the page's first frame goes
 * without its gradient glow, this element has it at once); the player's own waiting and scraping screens keep
 * Back and the title where they are, so the wait reads as one calm state instead of a chain of loading screens.
 */
export function PlayerWaiting({ label, back = null, title = null }: { label: string; back?: string | null; title?: string | null }) {
  const { t } = useTranslation();
  const { navigate } = useHostServices();
  return (
    <div className="shell-player" data-testid="player-waiting">
      {back !== null && (
        <div className="shell-player-top">
          <a
            href={back}
            onClick={(event) => {
              event.preventDefault();
              navigate(back);
            }}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" />
            </svg>
            {t('navigation.back')}
          </a>
          {title && <h1 dir="auto">{title}</h1>}
        </div>
      )}
      <span role="status" aria-live="polite">
        {label}
      </span>
    </div>
  );
}
