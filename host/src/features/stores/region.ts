/** Spec §9: the region is chosen by distance from an IP-location look-up at start, rechecked after 30 days unless picked. */
import { nearestRegion, needsRegionCheck } from 'shared-contracts';
import { actions, regionStore } from './stores';

export async function checkRegion(geoUrl: string, now = Date.now()): Promise<void> {
  if (!geoUrl || !needsRegionCheck(regionStore, now)) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await fetch(`${geoUrl.replace(/\/+$/, '')}/json/`, { signal: controller.signal });
    const body = (await response.json()) as { latitude?: unknown; longitude?: unknown };
    if (!response.ok || typeof body.latitude !== 'number' || typeof body.longitude !== 'number')
      throw new Error('no location in the answer');
    actions.setRegion(nearestRegion(body.latitude, body.longitude), { userPicked: false });
  } catch (error) {
    // Not fatal: the region stays as it was and the next start tries again.
    console.warn('[region] look-up failed', error);
  } finally {
    clearTimeout(timer);
  }
}
