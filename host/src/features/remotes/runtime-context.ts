import { createContext, useContext } from 'react';
import type { Runtime } from '../../core/runtime';

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('RuntimeContext missing');
  return runtime;
}
