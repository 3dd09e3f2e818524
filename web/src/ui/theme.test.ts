import { contrastRatio, WCAG_AA } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { type ColorTokens, darkTheme, lightTheme } from './theme.js';

type Role = keyof ColorTokens;

// Every text colour a component draws, with each fill it is drawn on (WCAG 2.2 1.4.3, AA).
const TEXT_PAIRS: [Role, Role[]][] = [
  ['text', ['canvas', 'surface', 'surfaceSunken', 'surfaceRaised', 'accentSubtle']],
  ['muted', ['canvas', 'surface', 'surfaceSunken', 'surfaceRaised']],
  ['accentText', ['canvas', 'surface', 'surfaceSunken', 'surfaceRaised', 'accentSubtle']],
  // Older screens write links and errors in `primary` / `secondary` (accent / danger) on the page.
  ['accent', ['canvas', 'surface']],
  ['danger', ['canvas', 'surface']],
  ['onAccent', ['accent', 'accentHover']],
  ['successText', ['surface', 'successSubtle']],
  ['onSuccess', ['success']],
  ['warningText', ['surface', 'warningSubtle']],
  ['onWarning', ['warning']],
  ['dangerText', ['surface', 'canvas', 'dangerSubtle']],
  ['onDanger', ['danger', 'dangerHover']],
  // A disabled button's label: exempt in WCAG, but it must still be read (it says what is unavailable).
  ['onDisabled', ['disabled', 'surface', 'canvas']],
];

// Parts a user must see to operate (1.4.11 non-text contrast, 3:1): control borders, focus.
const NON_TEXT_PAIRS: [Role, Role[]][] = [
  ['borderStrong', ['surface', 'canvas']],
  ['focus', ['surface', 'canvas']],
  ['accent', ['surface']],
  ['danger', ['surface']],
];

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('the %s theme', (_name, t) => {
  it.each(TEXT_PAIRS)('draws %s text at WCAG AA (4.5:1) on its fills', (text, fills) => {
    const failing = fills
      .map((fill) => ({ fill, ratio: contrastRatio(t.colors[text], t.colors[fill], t.colors.canvas) }))
      .filter(({ ratio }) => ratio < WCAG_AA.text)
      .map(({ fill, ratio }) => `${text} on ${fill}: ${ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });

  it.each(NON_TEXT_PAIRS)('shows %s at 3:1 against its backgrounds', (part, fills) => {
    const failing = fills
      .map((fill) => ({ fill, ratio: contrastRatio(t.colors[part], t.colors[fill]) }))
      .filter(({ ratio }) => ratio < WCAG_AA.nonText)
      .map(({ fill, ratio }) => `${part} on ${fill}: ${ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });

  it('keeps the older names as aliases of the roles', () => {
    const c = t.colors;
    expect([c.primary, c.primaryHover, c.onPrimary]).toEqual([c.accent, c.accentHover, c.onAccent]);
    expect([c.secondary, c.secondaryHover, c.onSecondary]).toEqual([c.danger, c.dangerHover, c.onDanger]);
    expect([c.textMuted, c.background]).toEqual([c.muted, c.canvas]);
  });
});
