/**
 * Whether a found stream starts playing by itself. A press inside the app that led to the player
 * (Play on the details, a card, Continue Watching, a search result, the next episode) is the person
 * asking to play: playback starts without a second press, when the browser allows it, and the big play
 * button stays for when it does not. A page the app did not lead to (a link opened in a new tab, an
 * address typed or pasted, an embedded player) waits for the big play button.
 */
export interface AutoplayInput {
  /** The episode before played on into this one (autoplay of the next episode). */
  continuing: boolean;
  /** The person reached this title through the app (a navigation inside it), not by loading the page at it. */
  arrivedByPress: boolean;
}

export function startsByItself({ continuing, arrivedByPress }: AutoplayInput): boolean {
  return continuing || arrivedByPress;
}

/**
 * Whether the page's history entry was reached by a navigation inside the app. The router numbers the
 * entries it pushes in `history.state.idx`: the entry a document was loaded at (an address, a new tab,
 * an embed) is 0, and so is an entry that replaced it (a show's redirect to its first episode).
 */
export const reachedInsideApp = (historyState: unknown): boolean => {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
};
