import { describe, expect, it } from 'vitest';
import { formatShare, isFullOwnership, ownershipKind, ownershipTotal } from './ownership';

describe('ownership shares', () => {
  it('adds percentages exactly, where binary floats would not', () => {
    // 0.1 + 64.1 + 35.8 is 99.99999999999999 in binary floating point.
    expect(0.1 + 64.1 + 35.8).not.toBe(100);
    expect(ownershipTotal(['0.1', '64.1', '35.8'])).toBe('100');
    expect(isFullOwnership(['33.3334', '33.3333', '33.3333'])).toBe(true);
    expect(isFullOwnership(['0.1', '0.2', '99.7'])).toBe(true);
  });

  it('refuses anything short of or over 100', () => {
    expect(isFullOwnership(['33.3333', '33.3333', '33.3333'])).toBe(false);
    expect(ownershipTotal(['60', '40.0001'])).toBe('100.0001');
    expect(isFullOwnership(['60', '40.0001'])).toBe(false);
    expect(isFullOwnership([])).toBe(false);
  });

  it('names whole and joint ownership and formats a share', () => {
    expect(ownershipKind(1)).toBe('whole');
    expect(ownershipKind(2)).toBe('joint');
    expect(formatShare('60.0000')).toBe('60%');
    expect(formatShare('33.3333')).toBe('33.3333%');
  });
});
