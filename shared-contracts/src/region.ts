/**
 * Region chooser: the nearest of five regions to the IP location, rechecked after 30 days unless picked
 * (docs/behaviour.md#local-data-region).
 */
import type { RegionName, RegionState } from './stores';

export const REGIONS: Record<RegionName, { lat: number; lon: number }> = {
  'us-east': { lat: 40.7, lon: -74.0 },
  'us-west': { lat: 37.8, lon: -122.4 },
  south: { lat: -23.5, lon: -46.6 },
  asia: { lat: 1.35, lon: 103.8 },
  europe: { lat: 50.1, lon: 8.7 },
};

export const RECHECK_MS = 2_592_000 * 1000;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export function nearestRegion(lat: number, lon: number): RegionName {
  let best: RegionName = 'us-east';
  let bestDistance = Infinity;
  for (const [name, point] of Object.entries(REGIONS) as Array<[RegionName, { lat: number; lon: number }]>) {
    const d = distanceKm({ lat, lon }, point);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** True when the region should be looked up again. */
export function needsRegionCheck(state: RegionState, now: number): boolean {
  if (state.userPicked && state.region) return false;
  return state.region === null || state.lastChecked === null || now - state.lastChecked >= RECHECK_MS;
}
