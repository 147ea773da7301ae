/**
 * Whether a found stream starts playing by itself. The press that led to the player (Play on the
 * details, a card, Continue Watching, the next episode) is the person asking to play: playback starts
 * without a second press, when the browser allows it, and the big play button stays for when it does
 * not. A page the person has not pressed anything in (a reload, a link opened in a new tab, an
 * embedded player not yet touched) waits for the big play button.
 */
export interface AutoplayInput {
  /** The episode before played on into this one (autoplay of the next episode). */
  continuing: boolean;
  /** The page's user activation (navigator.userActivation); undefined where the browser does not say. */
  activation: { hasBeenActive: boolean } | undefined;
}

export function startsByItself({ continuing, activation }: AutoplayInput): boolean {
  if (continuing) return true;
  // Where the browser does not say, it is asked by trying: without a gesture it refuses, and the button shows.
  return activation?.hasBeenActive ?? true;
}
