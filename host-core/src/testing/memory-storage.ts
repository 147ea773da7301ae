/**
 * A Web Storage held in memory, for tests that build the host's stores
 * (`createStores`) or stand in for `localStorage` outside a browser.
 * `entries` exposes what was written, for assertions.
 */
export function memoryStorage(initial: Record<string, string> = {}): Storage & { readonly entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
