import { contrastRatio } from '@junction/core';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, type ButtonVariant } from './Button.js';
import { darkTheme, type JunctionTheme, lightTheme } from './theme.js';

afterEach(cleanup);

/** A computed `rgb(…)` colour with the element's opacity laid over `surface` (hex), as the eye gets it. */
function seen(color: string, opacity: number, surface: string): string {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const [sr = 0, sg = 0, sb = 0] = (surface.match(/[0-9a-f]{2}/gi) ?? []).map((h) => Number.parseInt(h, 16));
  const mix = (c: number, s: number) => Math.round(c * opacity + s * (1 - opacity));
  return `rgb(${mix(r, sr)}, ${mix(g, sg)}, ${mix(b, sb)})`;
}

describe('a disabled button', () => {
  it.each<[string, ButtonVariant, JunctionTheme]>([
    ['dark', 'primary', darkTheme],
    ['dark', 'danger', darkTheme],
    ['light', 'primary', lightTheme],
    ['light', 'danger', lightTheme],
  ])('keeps a legible label in the %s theme (%s: at least 3:1 as drawn)', (_name, variant, theme) => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant={variant} disabled>
          Re-run from the failed step
        </Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Re-run from the failed step' });
    const style = button.ownerDocument.defaultView?.getComputedStyle(button);
    if (!style) throw new Error('no computed style');
    const opacity = style.opacity === '' ? 1 : Number(style.opacity);
    const surface = theme.colors.surface;
    const label = seen(style.color, opacity, surface);
    const fill = seen(style.backgroundColor, opacity, surface);
    expect(contrastRatio(label, fill)).toBeGreaterThanOrEqual(3);
  });
});
