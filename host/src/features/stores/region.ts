/**
 * docs/behaviour.md#local-data-region: the region is chosen by distance from an IP-location look-up at start, rechecked after 30 days
 * unless picked. The configured look-up (ipapi.co's
 * protocol), then the fallback (ipinfo.io's) when the first fails; when both fail the region stays as
 * it was and the next start tries again.
 */
import { nearestRegion, needsRegionCheck } from 'shared-contracts';
import { actions, regionStore } from './stores';

/** Coordinates from either service's answer: ipapi.co's latitude/longitude, or ipinfo.io's "lat,lon". */
export function locationOf(body: unknown): { latitude: number; longitude: number } | null {
  if (!body || typeof body !== 'object') return null;
  const { latitude, longitude, loc } = body as { latitude?: unknown; longitude?: unknown; loc?: unknown };
  if (typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)) {
    return { latitude, longitude };
  }
  if (typeof loc === 'string') {
    const [lat, lon] = loc.split(',').map((part) => Number(part.trim()));
    if (
      lat !== undefined &&
      lon !== undefined &&
      Number.isFinite(lat) &&
      Number.isFinite(lon) &&
      Math.abs(lat) <= 90 &&
      Math.abs(lon) <= 180
    ) {
      return { latitude: lat, longitude: lon };
    }
  }
  return null;
}

async function lookUp(url: string): Promise<{ latitude: number; longitude: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/json/`, { signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const location = locationOf(await response.json());
    if (!location) throw new Error('no location in the answer');
    return location;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkRegion(geoUrl: string, now = Date.now(), fallbackUrl = ''): Promise<void> {
  if (!geoUrl || !needsRegionCheck(regionStore, now)) return;
  for (const url of [geoUrl, fallbackUrl].filter(Boolean)) {
    try {
      const { latitude, longitude } = await lookUp(url);
      actions.setRegion(nearestRegion(latitude, longitude), { userPicked: false });
      return;
    } catch (error) {
      // Not fatal: the fallback is tried, then the region stays as it was and the next start tries again.
      console.warn(`[region] look-up at ${url} failed`, error);
    }
  }
}
