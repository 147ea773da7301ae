import { useEffect, useState } from 'react';
import { decryptDeviceName, seedFromBase64 } from 'host-core/device-name';
import { useSnapshot } from 'valtio/react';
import { authStore } from '../stores';

/** The signed-in device's name, decrypted with the account seed; null while unknown or unreadable. */
export function useDeviceName(): string | null {
  const account = useSnapshot(authStore).account;
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!account) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- signed out: no device name to decrypt
      setName(null);
      return;
    }
    decryptDeviceName(account.deviceName, seedFromBase64(account.seed)).then(
      (value) => live && setName(value),
      () => live && setName(null), // not decryptable with this seed: show no name rather than garbage
    );
    return () => {
      live = false;
    };
  }, [account]);
  return name;
}
