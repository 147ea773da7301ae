/**
 * The volume-support probe (1 s, docs/behaviour.md#player-hls): some browsers (iOS Safari) keep a media element's volume
 * read-only, the device's buttons set it. A probe element is set to half volume and read back after
 * 1 s; where the change did not take, the player hides its volume slider and ignores the mouse wheel.
 */
import { useEffect, useState } from 'react';

export const VOLUME_PROBE_MS = 1000;

let probe: Promise<boolean> | null = null;

/** Whether this browser lets a page set a media element's volume (probed once per page). */
export function probeVolumeSupport(): Promise<boolean> {
  probe ??= new Promise((resolve) => {
    const element = document.createElement('video');
    try {
      element.volume = 0.5;
    } catch {
      resolve(false);
      return;
    }
    setTimeout(() => resolve(Math.abs(element.volume - 0.5) < 0.01), VOLUME_PROBE_MS);
  });
  return probe;
}

/** The next probe runs afresh: each test file stands for a page of its own (they share one module). */
export function forgetVolumeProbe(): void {
  probe = null;
}

/** True until the probe says otherwise (most browsers can: no slider flashes in and out there). */
export function useVolumeAdjustable(): boolean {
  const [adjustable, setAdjustable] = useState(true);
  useEffect(() => {
    let live = true;
    void probeVolumeSupport().then((value) => live && setAdjustable(value));
    return () => {
      live = false;
    };
  }, []);
  return adjustable;
}
