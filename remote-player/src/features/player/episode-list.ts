type Translate = (key: 'autoplay.episode', values: { season: number; episode: number }) => string;

/** Episodes as the page's language writes them ("S1 E2", "T1 E2", "第1季 第2集"), listed as it lists things. */
export function episodeList(t: Translate, language: string, episodes: readonly { season: number; episode: number }[]): string {
  const labels = episodes.map(({ season, episode }) => t('autoplay.episode', { season, episode }));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(labels);
}
