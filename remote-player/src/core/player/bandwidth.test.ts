import { describe, expect, it } from 'vitest';
import { DEFAULT_START_ESTIMATE, startBandwidthEstimate } from './bandwidth';

describe('startBandwidthEstimate', () => {
  it('uses the saved measurement first, clamped', () => {
    expect(startBandwidthEstimate(8_000_000, 1.5)).toBe(8_000_000);
    expect(startBandwidthEstimate(10, 1.5)).toBe(300_000);
    expect(startBandwidthEstimate(1e12, undefined)).toBe(100_000_000);
  });
  it('then the downlink hint (Mbit/s) lowers the default on a slow connection only', () => {
    expect(startBandwidthEstimate(null, 1.5, '3g')).toBe(1_500_000);
    expect(startBandwidthEstimate(null, 0.05, '2g')).toBe(300_000);
    expect(startBandwidthEstimate(null, 20, '3g')).toBe(DEFAULT_START_ESTIMATE);
    // Chromium's uninformed "4g" guess before any measurement (also on loopback): not a reason to start at 360p.
    expect(startBandwidthEstimate(null, 1.4, '4g')).toBe(DEFAULT_START_ESTIMATE);
    expect(startBandwidthEstimate(null, 1.5)).toBe(DEFAULT_START_ESTIMATE);
    expect(startBandwidthEstimate(Number.NaN, 10, '4g')).toBe(10_000_000);
  });
  it('else 5 Mbit/s, above the 720p rungs of the library (1.2 and 1.5 Mbit/s) and far above hls.js default of 500 kbit/s', () => {
    expect(startBandwidthEstimate(null, undefined)).toBe(DEFAULT_START_ESTIMATE);
    expect(startBandwidthEstimate(0, 0)).toBe(DEFAULT_START_ESTIMATE);
  });
});
