/**
 * The one Junction theme: colours, spacing, radii and type, read by every styled component
 * through styled-components' `ThemeProvider`.
 */

/** Junction's design tokens (forms-dp 9: primary blue, secondary red, success green). */
export const theme = {
  colors: {
    primary: '#0069ea',
    primaryHover: '#0057c2',
    onPrimary: '#ffffff',
    secondary: '#d32f2f',
    secondaryHover: '#b71c1c',
    onSecondary: '#ffffff',
    success: '#2e7d32',
    onSuccess: '#ffffff',
    /** Amber for "not an error, but look": dark text on it (contrast 9:1). */
    warning: '#f5b400',
    onWarning: '#1f2933',
    text: '#1f2933',
    textMuted: '#52606d',
    background: '#f5f5f5',
    surface: '#ffffff',
    border: '#cbd2d9',
    focus: '#0069ea',
    overlay: 'rgba(15, 23, 42, 0.45)',
  },
  space: (n: number): string => `${n * 4}px`,
  radius: { small: '4px', medium: '8px' },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { small: '13px', body: '14px', large: '18px', title: '28px' },
  },
  shadow: {
    raised: '0 2px 8px rgba(15, 23, 42, 0.15)',
    dialog: '0 12px 32px rgba(15, 23, 42, 0.25)',
  },
  /**
   * The spec's screen sizes (onboarding 9 "Business constants and limits": large above 721, medium 432 to 719,
   * small below 431), as the widest width of small and medium in px. The spec leaves 431 and
   * 720–721 unnamed: 431 counts as small, 720–721 as medium.
   */
  breakpoints: { small: 431, medium: 721 },
  /** Media queries of {@link theme.breakpoints}: `@media ${({ theme }) => theme.media.belowLarge} { … }`. */
  media: {
    small: '(max-width: 431px)',
    medium: '(min-width: 432px) and (max-width: 721px)',
    large: '(min-width: 722px)',
    /** Small or medium: every width up to 721 px. */
    belowLarge: '(max-width: 721px)',
  },
  /** A visible focus ring for keyboard users; mouse clicks do not show it (:focus-visible). */
  focusRing: '0 0 0 3px rgba(0, 105, 234, 0.45)',
} as const;

/** The type of Junction's theme object. */
export type JunctionTheme = typeof theme;

/** The status a toast or message shows; each maps to one theme colour. */
export type Status = 'info' | 'success' | 'warning' | 'error';

/** Returns the background colour that stands for a status. */
export function getStatusColor(status: Status, t: JunctionTheme = theme): string {
  if (status === 'success') return t.colors.success;
  if (status === 'warning') return t.colors.warning;
  if (status === 'error') return t.colors.secondary;
  return t.colors.primary;
}

/** Returns the text colour that reads on {@link getStatusColor}'s background. */
export function getStatusTextColor(status: Status, t: JunctionTheme = theme): string {
  if (status === 'success') return t.colors.onSuccess;
  if (status === 'warning') return t.colors.onWarning;
  if (status === 'error') return t.colors.onSecondary;
  return t.colors.onPrimary;
}
