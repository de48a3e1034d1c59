import { describe, expect, it } from 'vitest';
import { contrastRatio, lowContrastColors, WCAG_AA_TEXT } from './contrast';

describe('contrast (WCAG 2)', () => {
  it('measures the extremes and is symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#1f3a5f', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#1f3a5f'), 10);
  });

  it('matches known ratios around the AA threshold', () => {
    // #767676 on white is the lightest grey that passes AA (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(WCAG_AA_TEXT);
  });

  it('names the theme colours that white text on them, or they as text on white, would not read at AA', () => {
    expect(lowContrastColors({ primary: '#1f3a5f', secondary: '#3fa796', danger: '#e03131', broken: 'red' })).toEqual([
      { name: 'secondary', ratio: expect.closeTo(2.93, 2) },
    ]);
    expect(lowContrastColors({ primary: '#000000' })).toEqual([]);
  });
});
