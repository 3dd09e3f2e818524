import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, readableAccentOn, readableTextOn, relativeLuminance } from './contrast.js';

describe('contrast (WCAG 2.2)', () => {
  it('rates black on white 21:1 and a colour on itself 1:1, in either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0069ea', '#0069ea')).toBeCloseTo(1, 5);
  });

  it("matches WCAG's published figures for common greys and blues", () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });

  it('lays translucent colours over what is under them', () => {
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    // Half-transparent black over white is mid grey (#808080 ≈ 3.9:1 with white).
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrastRatio('#7f7f7f', '#ffffff'), 1);
    expect(contrastRatio('#000000', '#ffffff00', '#000000')).toBeCloseTo(1, 5);
  });

  it('refuses colours it cannot read', () => {
    expect(() => parseColor('blue')).toThrow(RangeError);
  });

  it('picks the text colour that reads on a background', () => {
    expect(readableTextOn('#0069ea')).toBe('#ffffff');
    expect(readableTextOn('#f5b400')).toBe('#111827');
  });
});

describe('readableAccentOn', () => {
  it('keeps a colour that already reads and tints or shades one that does not, to 4.5:1', () => {
    expect(readableAccentOn('#0060d6', '#ffffff')).toBe('#0060d6');
    const onDark = readableAccentOn('#7b2cbf', '#171c22');
    expect(contrastRatio(onDark, '#171c22')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#7b2cbf'));
    const onLight = readableAccentOn('#f5b400', '#ffffff');
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onLight)).toBeLessThan(relativeLuminance('#f5b400'));
  });
});
