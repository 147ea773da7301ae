/** Time display (elapsed or remaining; hours above 3600 s: docs/behaviour.md#player-controls-and-pointer). */

const pad = (n: number) => String(n).padStart(2, '0');

/** 75 → "1:15"; 3725 → "1:02:05". Hours are shown when the reference length is above 3600 s. */
export function formatTime(seconds: number, reference = seconds): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (reference > 3600 || h > 0) return `${h}:${pad(m)}:${pad(sec)}`;
  return `${m}:${pad(sec)}`;
}

/** "0:12 / 1:30" or, in remaining mode, "-1:18 / 1:30"; "0:12" alone while the length is not known. */
export function formatTimeDisplay(time: number, duration: number, mode: 'regular' | 'remaining'): string {
  if (!(duration > 0)) return formatTime(time);
  const total = formatTime(duration, duration);
  if (mode === 'remaining') return `-${formatTime(Math.max(0, duration - time), duration)} / ${total}`;
  return `${formatTime(time, duration)} / ${total}`;
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
