/** Storage keys of the local stores: `__MW::<name>`, the described product's format. */
export const KEY_PREFIX = '__MW::';

export const keyOf = (name: string) => `${KEY_PREFIX}${name}`;
