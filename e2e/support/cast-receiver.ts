/**
 * A Cast receiver (the Default Media Receiver) as the e2e stand-in of the Cast framework drives it:
 * it loads a LoadRequest's media (reading its duration from the media itself: the MP4's metadata, or
 * the HLS playlist's segments), plays from the request's currentTime, advances that time at the request's
 * playbackRate while playing, and takes play/pause, seek, volume, mute and stop. It runs in the page (serialised
 * by cast-sender.ts), so it may not refer to anything outside its own body.
 */
export interface ReceiverMedia {
  contentId: string;
  contentType: string;
  title: string | null;
  images: string[];
}

export interface ReceiverState {
  media: ReceiverMedia | null;
  currentTime: number;
  duration: number;
  paused: boolean;
  /** The rate it plays at: the load's playbackRate, else 1. */
  playbackRate: number;
  playerState: 'IDLE' | 'PLAYING' | 'PAUSED' | 'BUFFERING';
  volume: number;
  muted: boolean;
}

export interface Receiver {
  readonly state: ReceiverState;
  /** Every request it got, in order (load, play, pause, seek, volume, mute, stop), for the tests. */
  readonly log: Array<{ type: string; value?: unknown }>;
  load(request: {
    media: { contentId: string; contentType: string; metadata?: { title?: string; images?: Array<{ url: string }> } | null };
    currentTime: number | null;
    autoplay: boolean;
    playbackRate?: number;
  }): Promise<void>;
  playOrPause(): void;
  seek(time: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  stop(): void;
  /** Called with the state after every change (the sender's RemotePlayer follows it). */
  onChange(listener: (state: ReceiverState) => void): void;
}

export function createReceiver(): Receiver {
  const listeners: Array<(state: ReceiverState) => void> = [];
  const state: ReceiverState = {
    media: null,
    currentTime: 0,
    duration: 0,
    paused: true,
    playbackRate: 1,
    playerState: 'IDLE',
    volume: 1,
    muted: false,
  };
  const log: Receiver['log'] = [];
  let clock: ReturnType<typeof setInterval> | null = null;
  let last = 0;
  const changed = () => listeners.forEach((listener) => listener({ ...state }));

  const tick = () => {
    const now = performance.now();
    if (state.playerState === 'PLAYING') {
      state.currentTime = Math.min(state.duration, state.currentTime + ((now - last) / 1000) * state.playbackRate);
      if (state.currentTime >= state.duration) {
        state.paused = true;
        state.playerState = 'IDLE';
      }
      changed();
    }
    last = now;
  };
  const run = () => {
    last = performance.now();
    clock ??= setInterval(tick, 250);
  };

  async function durationOf(url: string, contentType: string): Promise<number> {
    if (/mpegurl/i.test(contentType)) {
      let playlist = await (await fetch(url)).text();
      let base = url;
      const variant = playlist.split('\n').findIndex((line) => line.startsWith('#EXT-X-STREAM-INF'));
      if (variant >= 0) {
        const next = playlist
          .split('\n')
          .slice(variant + 1)
          .find((line) => line.trim() && !line.startsWith('#'))!;
        base = new URL(next.trim(), url).href;
        playlist = await (await fetch(base)).text();
      }
      const segments = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      if (!segments.length) throw new Error('no segments');
      return segments.reduce((a, b) => a + b, 0);
    }
    const probe = document.createElement('video');
    probe.preload = 'metadata';
    probe.muted = true;
    return new Promise<number>((resolve, reject) => {
      probe.onloadedmetadata = () => resolve(probe.duration);
      probe.onerror = () => reject(new Error(`cannot play ${url}`));
      probe.src = url;
    }).finally(() => probe.removeAttribute('src'));
  }

  return {
    state,
    log,
    onChange: (listener) => void listeners.push(listener),
    async load(request) {
      const { contentId, contentType, metadata } = request.media;
      const playbackRate = request.playbackRate ?? 1;
      log.push({
        type: 'load',
        value: { contentId, contentType, currentTime: request.currentTime, autoplay: request.autoplay, playbackRate },
      });
      state.playerState = 'BUFFERING';
      changed();
      const duration = await durationOf(contentId, contentType).catch(() => null);
      if (duration === null) {
        state.playerState = 'IDLE';
        state.media = null;
        changed();
        throw new Error('LOAD_FAILED');
      }
      state.media = { contentId, contentType, title: metadata?.title ?? null, images: (metadata?.images ?? []).map((image) => image.url) };
      state.duration = duration;
      state.currentTime = Math.min(duration, Math.max(0, request.currentTime ?? 0));
      state.paused = !request.autoplay;
      state.playbackRate = playbackRate;
      state.playerState = request.autoplay ? 'PLAYING' : 'PAUSED';
      run();
      changed();
    },
    playOrPause() {
      if (!state.media) return;
      log.push({ type: state.paused ? 'play' : 'pause' });
      tick();
      state.paused = !state.paused;
      state.playerState = state.paused ? 'PAUSED' : 'PLAYING';
      changed();
    },
    seek(time) {
      if (!state.media) return;
      log.push({ type: 'seek', value: time });
      tick();
      state.currentTime = Math.min(state.duration, Math.max(0, time));
      changed();
    },
    setVolume(volume) {
      log.push({ type: 'volume', value: volume });
      state.volume = Math.min(1, Math.max(0, volume));
      changed();
    },
    setMuted(muted) {
      log.push({ type: 'mute', value: muted });
      state.muted = muted;
      changed();
    },
    stop() {
      log.push({ type: 'stop' });
      tick();
      state.media = null;
      state.paused = true;
      state.playerState = 'IDLE';
      changed();
    },
  };
}
