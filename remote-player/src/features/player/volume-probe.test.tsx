// @vitest-environment jsdom
/**
 * Where a page cannot set a media element's volume (iOS Safari: the device's buttons set it), the
 * player finds out with its 1 s probe, hides the volume slider and leaves the mouse wheel alone; mute
 * stays. The probe runs once per page, so this file starts with a browser whose volume is read-only.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPlayer } from './testing/render-player';
import { VOLUME_PROBE_MS, forgetVolumeProbe } from './volume-probe';

const volume = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'volume')!;
beforeAll(() => {
  // A page of its own: a file before this one may have probed a browser that can.
  forgetVolumeProbe();
  // The element keeps its volume at 1 whatever a page sets, as iOS Safari does.
  Object.defineProperty(HTMLMediaElement.prototype, 'volume', { get: () => 1, set() {}, configurable: true });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterAll(() => {
  forgetVolumeProbe();
  Object.defineProperty(HTMLMediaElement.prototype, 'volume', volume);
  vi.useRealTimers();
});
afterEach(cleanup);

describe('a browser whose media volume is read-only', () => {
  it('has no volume slider once the probe answers, a wheel over the picture changes nothing, and mute stays', async () => {
    const { player, playStream, update, video } = renderPlayer();
    await playStream(60, 5);
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeTruthy(); // until the probe says otherwise
    await update(() => void vi.advanceTimersByTime(VOLUME_PROBE_MS));
    expect(screen.queryByRole('slider', { name: 'Volume' })).toBeNull();
    await update(() => void fireEvent.wheel(video, { deltaY: 300 }));
    expect(screen.queryByTestId('volume-indicator')).toBeNull();
    expect(player.engine.state.volume).toBe(1);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Mute' })));
    expect(player.engine.state.muted).toBe(true);
  });
});
