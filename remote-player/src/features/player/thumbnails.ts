/**
 * Generates seek-bar thumbnails with a hidden, muted second video (MP4 natively, HLS through hls.js at
 * its lowest level), level by level so coverage is useful early. Stops when the source changes.
 */
import { thumbnailFractions } from '../../core/player/thumbnails';
import type { SourceSlice } from '../../core/player/source';
import { loadHls } from './create';
import { addThumbnail } from './player.actions';
import type { Player } from './player.store';

const WIDTH = 160;
const HEIGHT = 90;

const once = (target: EventTarget, type: string, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    target.addEventListener(type, () => (signal.removeEventListener('abort', onAbort), resolve()), { once: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });

export async function generateThumbnails(player: Player, source: SourceSlice, signal: AbortSignal): Promise<void> {
  const video = document.createElement('video');
  video.muted = true;
  video.crossOrigin = 'anonymous';
  video.preload = 'auto';
  let destroy = () => {};
  try {
    if (source.type === 'file') {
      const url = source.qualities['360'] ?? source.qualities['480'] ?? source.qualities['720'] ?? Object.values(source.qualities)[0];
      if (!url) return;
      video.src = url;
    } else {
      const Hls = await loadHls();
      const hls = new Hls({ startLevel: 0, capLevelToPlayerSize: false, maxBufferLength: 2, autoStartLoad: true });
      hls.attachMedia(video);
      hls.loadSource(source.url);
      destroy = () => hls.destroy();
      hls.on(Hls.Events.MANIFEST_PARSED!, () => (hls.currentLevel = 0));
    }
    await once(video, 'loadeddata', signal);
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    for (const fraction of thumbnailFractions()) {
      if (signal.aborted) return;
      const seeked = once(video, 'seeked', signal);
      video.currentTime = fraction * duration;
      await seeked;
      ctx.drawImage(video, 0, 0, WIDTH, HEIGHT);
      let data: string;
      try {
        data = canvas.toDataURL('image/jpeg', 0.6);
      } catch {
        return; // a stream without CORS taints the canvas: no thumbnails for it
      }
      addThumbnail(player, { at: fraction * duration, data });
    }
  } catch (error) {
    if (!signal.aborted) console.warn('[player] thumbnails stopped:', error);
  } finally {
    destroy();
    video.removeAttribute('src');
    video.load();
  }
}
