import { describe, expect, it } from 'vitest';
import { shortDeviceName } from './device-name';

describe('shortDeviceName', () => {
  it.each([
    ['Laptop', 'Laptop'],
    ['1234567890123456789', '1234567890123456789'],
    ['12345678901234567890', '1234567890123456789…'],
    ['A very long device name indeed', 'A very long device …'],
    ['😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀…'],
  ])('%j → %j', (name, shown) => expect(shortDeviceName(name)).toBe(shown));
});
