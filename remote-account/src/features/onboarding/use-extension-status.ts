/**
 * The extension's status for the onboarding step: hello on mount (after the extension's 500 ms initial delay),
 * again on demand and when the tab becomes visible again (the user installed or allowed it elsewhere).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createExtensionBridge, detectExtension, type ExtensionBridge, type ExtensionStatus } from 'shared-contracts/extension';

export type ExtensionStepState = { status: 'checking' } | ExtensionStatus;

export function useExtensionStatus(): { state: ExtensionStepState; bridge: ExtensionBridge; recheck: () => Promise<void> } {
  // One bridge per visit: its 500 ms initial delay counts from here, later checks do not wait it again.
  const [bridge] = useState(() => createExtensionBridge({ port: window }));
  const [state, setState] = useState<ExtensionStepState>({ status: 'checking' });
  const latest = useRef(0);

  const recheck = useCallback(async () => {
    const id = ++latest.current;
    setState({ status: 'checking' });
    const next = await detectExtension(bridge);
    // A later check (button pressed twice, tab shown again) wins over an earlier one still in flight.
    if (id === latest.current) setState(next);
  }, [bridge]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the check shows 'checking' until the extension answers
    void recheck();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void recheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      latest.current += 1; // unmounted: drop the answer of a check in flight
    };
  }, [recheck]);

  return { state, bridge, recheck };
}
