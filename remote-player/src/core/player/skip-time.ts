/** docs/behaviour.md#player-skip-intro: a skip time is digits followed by s ("8s"), else null. */
export function parseSkipTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+)s$/.exec(value);
  return match ? Number(match[1]) : null;
}
