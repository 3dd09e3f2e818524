/**
 * Colour contrast as WCAG 2.2 defines it (1.4.3 "Contrast (Minimum)", 1.4.11 "Non-text
 * Contrast"): relative luminance of sRGB colours and the ratio between two of them. The web
 * theme's contrast test and any screen choosing a text colour for a user's colour (a public
 * form's theme colour) read these, so the rule lives once.
 */

/** WCAG AA's minimum ratios: body text, large text (18.66 px bold / 24 px) and UI parts. */
export const WCAG_AA = { text: 4.5, largeText: 3, nonText: 3 } as const;

/** An sRGB colour's channels, 0–255, and opacity 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*(?:,\s*(\d*(?:\.\d+)?)\s*)?\)$/i;

/**
 * Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)`;
 * throws a RangeError on anything else (named colours are not tokens).
 *
 * @example parseColor('#0069ea') // { r: 0, g: 105, b: 234, a: 1 }
 */
export function parseColor(color: string): Rgba {
  const text = color.trim();
  const hex = HEX.exec(text);
  if (hex) {
    let digits = hex[1] as string;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map((v) => Math.min(255, Number(v)));
    const a = rgb[4] === undefined || rgb[4] === '' ? 1 : Math.min(1, Number(rgb[4]));
    return { r: r as number, g: g as number, b: b as number, a };
  }
  throw new RangeError(`Not a colour this contrast check reads: ${JSON.stringify(color)}`);
}

/** Lays a translucent colour over an opaque one (what the eye sees). */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/**
 * The relative luminance of an opaque colour (WCAG 2.2 definition), 0 for black to 1 for white.
 *
 * @example relativeLuminance('#ffffff') // 1
 */
export function relativeLuminance(color: string | Rgba): number {
  const { r, g, b } = typeof color === 'string' ? parseColor(color) : color;
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 to 21) of a foreground on a background. A translucent foreground is
 * laid over the background, a translucent background over `base` (white unless told).
 *
 * @example contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(foreground: string, background: string, base = '#ffffff'): number {
  const back = over(parseColor(background), parseColor(base));
  const front = over(parseColor(foreground), back);
  const [light, dark] = [relativeLuminance(front), relativeLuminance(back)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Of two text colours, the one that reads better on `background` (a user's colour, e.g. a
 * public form's theme colour): white or near-black unless told.
 *
 * @example readableTextOn('#f5b400') // '#111827'
 */
export function readableTextOn(background: string, light = '#ffffff', dark = '#111827'): string {
  return contrastRatio(light, background) >= contrastRatio(dark, background) ? light : dark;
}

const toHex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * A user's colour made readable as text on `background` (WCAG AA, 4.5:1): the colour itself
 * when it already reads, else the nearest tint (towards white on a dark background) or shade
 * (towards black on a light one) that does, in 5 % steps. A public form's theme colour drives
 * its links and outlined buttons this way in the dark theme too.
 *
 * @example readableAccentOn('#7b2cbf', '#171c22') // a lighter purple
 */
export function readableAccentOn(accent: string, background: string): string {
  const from = over(parseColor(accent), parseColor(background));
  const isDarkBack = relativeLuminance(over(parseColor(background), parseColor('#ffffff'))) < 0.18;
  const target = isDarkBack ? 255 : 0;
  for (let step = 0; step <= 20; step += 1) {
    const t = step / 20;
    const mixed = toHex({
      r: from.r + (target - from.r) * t,
      g: from.g + (target - from.g) * t,
      b: from.b + (target - from.b) * t,
      a: 1,
    });
    if (contrastRatio(mixed, background) >= WCAG_AA.text) return mixed;
  }
  return isDarkBack ? '#ffffff' : '#000000';
}
