/**
 * Loads the Cast framework when the player shows (in browsers it works in) and binds it to the player
 * while it is mounted. A failure is logged and leaves the player without the Cast button.
 */
import { useEffect } from 'react';
import { castCapableBrowser } from '../../../core/cast/cast-state';
import { castSdkLoading, setCastSdk } from '../player.actions';
import type { Player } from '../player.store';
import { startCastController } from './cast-controller';
import { loadCastSdk } from './load-sdk';

let failureLogged = false;

export function useCastFramework(player: Player): void {
  useEffect(() => {
    const brands = (navigator as Navigator & { userAgentData?: { brands?: Array<{ brand: string }> } }).userAgentData?.brands;
    if (!castCapableBrowser(brands)) {
      setCastSdk(player, 'unavailable');
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    castSdkLoading(player);
    loadCastSdk().then(
      (sdk) => {
        if (cancelled) return;
        try {
          stop = startCastController(sdk, player);
        } catch (error) {
          setCastSdk(player, 'unavailable');
          console.warn('[player] Chromecast init failure:', error);
        }
      },
      (error: unknown) => {
        setCastSdk(player, 'unavailable');
        // Logged (once per page); the player works on without a Cast button.
        if (!failureLogged) console.warn('[player] Chromecast init failure:', error);
        failureLogged = true;
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [player]);
}
