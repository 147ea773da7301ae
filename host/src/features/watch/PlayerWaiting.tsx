/**
 * What a watch page shows while the player remote loads: the player's own dark backdrop with one
 * spinner that fades in only if the wait lasts (no flash for a fast load), and its words for screen
 * readers only. It is the same element index.html paints on /media and /embed before any script runs,
 * styled there (`.shell-player`, no JavaScript for it on the first load); the player shows the same
 * screen while it finds the title, so the wait reads as one calm state instead of a chain of loading
 * texts (issue 17).
 */
export function PlayerWaiting({ label }: { label: string }) {
  return (
    <div className="shell-player" role="status" aria-live="polite" data-testid="player-waiting">
      <span>{label}</span>
    </div>
  );
}
