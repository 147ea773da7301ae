/** docs/behaviour.md#routes-site-frame: device names of 20 or more characters show as the first 19 plus an ellipsis. */
export function shortDeviceName(name: string): string {
  const chars = [...name];
  return chars.length >= 20 ? `${chars.slice(0, 19).join('')}…` : name;
}
