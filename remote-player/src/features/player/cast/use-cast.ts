/* eslint-disable react-hooks/immutability -- the player's cast state is a valtio proxy: writing to it is how that state changes */
/**
 * Loads the Cast framework when the player shows (in browsers it works in) and binds it to the player
 * while it is mounted. A failure is logged (spec §7) and leaves the player without the Cast button.
 */
import { useEffect } from 'react';
import { castCapableBrowser } from '../../../core/cast/cast-state';
import type { Player } from '../player.store';
import { startCastController } from './cast-controller';
import { loadCastSdk } from './load-sdk';

let failureLogged = false;

export function useCastFramework(player: Player): void {
  useEffect(() => {
    const brands = (navigator as Navigator & { userAgentData?: { brands?: Array<{ brand: string }> } }).userAgentData?.brands;
    if (!castCapableBrowser(brands)) {
      player.cast.sdk = 'unavailable';
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    if (player.cast.sdk === 'idle') player.cast.sdk = 'loading';
    loadCastSdk().then(
      (sdk) => {
        if (cancelled) return;
        try {
          stop = startCastController(sdk, player);
        } catch (error) {
          player.cast.sdk = 'unavailable';
          console.warn('[player] Chromecast init failure:', error);
        }
      },
      (error: unknown) => {
        player.cast.sdk = 'unavailable';
        // Spec §7: logged (once per page); the player works on without a Cast button.
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
