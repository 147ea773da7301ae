/**
 * The Remote Playback API (`video.remote`): the page's own <video> plays on a cast device. It reports
 * whether a device is in reach and the connection's state, opens the browser's device picker, and
 * when the connection starts or ends asks for the source again at the current time, so whichever
 * player now shows the video (the device or this page) starts from there.
 */
import type { CastState, EngineState } from '../engine-state';

/** The part of the Remote Playback API the engine uses, so tests inject a fake. */
export interface RemotePlaybackLike extends EventTarget {
  readonly state: CastState;
  watchAvailability?(callback: (available: boolean) => void): Promise<number>;
  cancelWatchAvailability?(id?: number): Promise<void>;
  prompt?(): Promise<void>;
}

export class RemotePlayback {
  private availabilityId: number | null = null;
  private readonly detach: Array<() => void> = [];

  private constructor(
    private readonly remote: RemotePlaybackLike,
    state: EngineState,
    onSwitch: () => void,
  ) {
    state.casting = remote.state ?? 'disconnected';
    const on = (type: 'connecting' | 'connect' | 'disconnect', next: CastState) => {
      const listener = () => {
        const before = state.casting;
        state.casting = next;
        // connecting → connected and connected → disconnected change the display; connecting alone does not.
        if ((next === 'connected') !== (before === 'connected')) onSwitch();
      };
      remote.addEventListener(type, listener);
      this.detach.push(() => remote.removeEventListener(type, listener));
    };
    on('connecting', 'connecting');
    on('connect', 'connected');
    on('disconnect', 'disconnected');
    if (typeof remote.watchAvailability !== 'function') return;
    remote
      .watchAvailability((available) => (state.castAvailable = available))
      .then((id) => (this.availabilityId = id))
      .catch(() => {
        // NotSupportedError (no discovery here, or data saver on): no cast button; connection events still count.
        state.castAvailable = false;
      });
  }

  /** Null where the browser has no Remote Playback API. */
  static watch(video: HTMLVideoElement, state: EngineState, onSwitch: () => void): RemotePlayback | null {
    const remote = (video as HTMLVideoElement & { remote?: RemotePlaybackLike }).remote;
    if (!remote || typeof remote.addEventListener !== 'function') return null;
    return new RemotePlayback(remote, state, onSwitch);
  }

  /** Opens the browser's device picker; false when refused. */
  async prompt(): Promise<boolean> {
    if (!this.remote.prompt) return false;
    try {
      await this.remote.prompt();
      return true;
    } catch (error) {
      // The user closed the picker, no device, or the source cannot be cast: nothing changes.
      console.warn('[player] cast prompt refused:', error);
      return false;
    }
  }

  destroy(): void {
    if (this.availabilityId !== null) void this.remote.cancelWatchAvailability?.(this.availabilityId).catch(() => undefined);
    this.availabilityId = null;
    for (const off of this.detach) off();
    this.detach.length = 0;
  }
}
