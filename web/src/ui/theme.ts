/**
 * Junction's design tokens, read by every styled component through styled-components'
 * `ThemeProvider`: colour roles for a light and a dark theme, a type scale, a spacing scale,
 * radii, elevation and motion. Components style themselves only from these; the contrast of
 * every text-on-surface pair is checked by `theme.test.ts` (WCAG AA, both themes).
 *
 * The light theme keeps the product's colours (forms-dp 9: primary blue, secondary red,
 * success green). The old keys (`primary`, `secondary`, `textMuted`, `background`) stay as
 * aliases of the roles (`accent`, `danger`, `muted`, `canvas`) so existing screens keep working.
 */

/** The colour roles of one theme. */
export interface ColorTokens {
  /** The page behind cards and panels. */
  canvas: string;
  /** Cards, dialogs, inputs, table rows. */
  surface: string;
  /** A quiet fill inside a surface: table headers, hovered rows, code, skeletons. */
  surfaceSunken: string;
  /** Popovers, menus and tooltips over a surface. */
  surfaceRaised: string;
  text: string;
  /** Secondary text: hints, captions, column headers. */
  muted: string;
  border: string;
  /** Borders of controls a user must find (inputs, secondary buttons): 3:1 on the surface. */
  borderStrong: string;
  accent: string;
  accentHover: string;
  onAccent: string;
  /** A tint of the accent for selected rows, tabs and info badges; `accentText` reads on it. */
  accentSubtle: string;
  /** The accent as text (links, ghost buttons) on surface, canvas and subtle fills. */
  accentText: string;
  success: string;
  onSuccess: string;
  successSubtle: string;
  successText: string;
  warning: string;
  onWarning: string;
  warningSubtle: string;
  warningText: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerSubtle: string;
  dangerText: string;
  focus: string;
  overlay: string;
  /**
   * The fill of a disabled filled button (primary, danger): quiet, so it reads as unavailable
   * without the fading that left its label unreadable. `onDisabled` is its label (and the label
   * of every disabled button), legible at 4.5:1 on it and on the surface.
   */
  disabled: string;
  onDisabled: string;
  /** Alias of `accent` (older screens). */
  primary: string;
  /** Alias of `accentHover`. */
  primaryHover: string;
  /** Alias of `onAccent`. */
  onPrimary: string;
  /** Alias of `danger`: the product's red, for destructive actions and errors. */
  secondary: string;
  /** Alias of `dangerHover`. */
  secondaryHover: string;
  /** Alias of `onDanger`. */
  onSecondary: string;
  /** Alias of `muted`. */
  textMuted: string;
  /** Alias of `canvas`. */
  background: string;
}

/** Which of the two themes. */
export type ThemeMode = 'light' | 'dark';

const lightColors: ColorTokens = {
  canvas: '#f5f5f5',
  surface: '#ffffff',
  surfaceSunken: '#f1f3f5',
  surfaceRaised: '#ffffff',
  text: '#1f2933',
  muted: '#52606d',
  border: '#cbd2d9',
  borderStrong: '#7b8794',
  accent: '#0069ea',
  accentHover: '#0057c2',
  onAccent: '#ffffff',
  accentSubtle: '#e6f0fd',
  accentText: '#0060d6',
  success: '#2e7d32',
  onSuccess: '#ffffff',
  successSubtle: '#e8f5e9',
  successText: '#256628',
  /** Amber for "not an error, but look": dark text on it (contrast 9:1). */
  warning: '#f5b400',
  onWarning: '#1f2933',
  warningSubtle: '#fff6db',
  warningText: '#7a5500',
  danger: '#d32f2f',
  dangerHover: '#b71c1c',
  onDanger: '#ffffff',
  dangerSubtle: '#fdecec',
  dangerText: '#b71c1c',
  focus: '#0069ea',
  overlay: 'rgba(15, 23, 42, 0.45)',
  disabled: '#e4e7eb',
  onDisabled: '#58646f',
  primary: '#0069ea',
  primaryHover: '#0057c2',
  onPrimary: '#ffffff',
  secondary: '#d32f2f',
  secondaryHover: '#b71c1c',
  onSecondary: '#ffffff',
  textMuted: '#52606d',
  background: '#f5f5f5',
};

const darkColors: ColorTokens = {
  canvas: '#0f1318',
  surface: '#171c22',
  surfaceSunken: '#11151a',
  surfaceRaised: '#212830',
  text: '#e6e9ed',
  muted: '#a3adb8',
  border: '#333c46',
  borderStrong: '#6b7785',
  accent: '#4d9cff',
  accentHover: '#75b2ff',
  onAccent: '#06172e',
  accentSubtle: '#132a47',
  accentText: '#7db6ff',
  success: '#4caf50',
  onSuccess: '#07170a',
  successSubtle: '#15301a',
  successText: '#7fd483',
  warning: '#f5b400',
  onWarning: '#1f1a08',
  warningSubtle: '#3a2e0a',
  warningText: '#f7c948',
  danger: '#ff6b6b',
  dangerHover: '#ff8c8c',
  onDanger: '#2a0707',
  dangerSubtle: '#3d1719',
  dangerText: '#ff8f8f',
  focus: '#7db6ff',
  overlay: 'rgba(0, 0, 0, 0.6)',
  disabled: '#29313b',
  onDisabled: '#9aa5b1',
  primary: '#4d9cff',
  primaryHover: '#75b2ff',
  onPrimary: '#06172e',
  secondary: '#ff6b6b',
  secondaryHover: '#ff8c8c',
  onSecondary: '#2a0707',
  textMuted: '#a3adb8',
  background: '#0f1318',
};

/** Type, spacing, radii, elevation, motion and breakpoints: the same in both themes. */
const scales = {
  /** The spacing scale: `space(n)` is n × 4 px (space(1) = 4px … space(12) = 48px). */
  space: (n: number): string => `${n * 4}px`,
  radius: { small: '4px', medium: '8px', large: '12px', pill: '999px' },
  font: {
    /** Inter is bundled (web/src/ui/fonts.ts) so every machine draws the same letters. */
    family: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    /** The type scale (px): small captions up to the page title. */
    size: { xsmall: '12px', small: '13px', body: '14px', medium: '16px', large: '18px', xlarge: '22px', title: '28px' },
    weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
    lineHeight: { tight: 1.2, normal: 1.5 },
  },
  /** Control heights (px) of the small, medium and large sizes. */
  control: { small: '28px', medium: '36px', large: '44px' },
  /**
   * The spec's screen sizes (onboarding 9 "Business constants and limits": large above 721,
   * medium 432 to 719, small below 431), as the widest width of small and medium in px. The
   * spec leaves 431 and 720–721 unnamed: 431 counts as small, 720–721 as medium.
   */
  breakpoints: { small: 431, medium: 721 },
  /** Media queries of the breakpoints: `@media ${({ theme }) => theme.media.belowLarge} { … }`. */
  media: {
    small: '(max-width: 431px)',
    medium: '(min-width: 432px) and (max-width: 721px)',
    large: '(min-width: 722px)',
    /** Small or medium: every width up to 721 px. */
    belowLarge: '(max-width: 721px)',
    /** Where the support chat shows (onboarding 9: the chat script above 719 px). */
    chat: '(min-width: 720px)',
  },
  /** Motion: durations and easings; components drop movement under prefers-reduced-motion. */
  motion: {
    fast: '120ms',
    normal: '200ms',
    slow: '320ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
    reduced: '(prefers-reduced-motion: reduce)',
  },
  /** Stacking order of layers above the page (GlobalStyle lifts Radix portals to `dialog`). */
  layer: { drawer: 10, dialog: 20, popover: 30, toast: 1000 },
} as const;

function elevation(mode: ThemeMode) {
  const ink = mode === 'light' ? '15, 23, 42' : '0, 0, 0';
  const [low, mid, high] = mode === 'light' ? [0.08, 0.15, 0.25] : [0.4, 0.5, 0.6];
  return {
    /** Cards resting on the canvas. */
    low: `0 1px 2px rgba(${ink}, ${low})`,
    /** Menus, popovers, toasts. */
    raised: `0 2px 8px rgba(${ink}, ${mid})`,
    /** Dialogs and drawers. */
    dialog: `0 12px 32px rgba(${ink}, ${high})`,
  };
}

function buildTheme(mode: ThemeMode, colors: ColorTokens) {
  return {
    ...scales,
    mode,
    colors,
    shadow: elevation(mode),
    /** A visible focus ring for keyboard users; mouse clicks do not show it (:focus-visible). */
    focusRing: mode === 'light' ? '0 0 0 3px rgba(0, 105, 234, 0.45)' : '0 0 0 3px rgba(125, 182, 255, 0.6)',
  };
}

/** The type of Junction's theme object (both themes have it). */
export type JunctionTheme = ReturnType<typeof buildTheme>;

/** The light theme (the product's colours). */
export const lightTheme: JunctionTheme = buildTheme('light', lightColors);
/** The dark theme, chosen by the system setting or the profile's switch. */
export const darkTheme: JunctionTheme = buildTheme('dark', darkColors);
/** The light theme, under the name older screens and tests import. */
export const theme: JunctionTheme = lightTheme;

/** The theme of a mode. */
export function themeFor(mode: ThemeMode): JunctionTheme {
  return mode === 'dark' ? darkTheme : lightTheme;
}

/** The status a toast or message shows; each maps to one theme colour. */
export type Status = 'info' | 'success' | 'warning' | 'error';

/** Returns the background colour that stands for a status. */
export function getStatusColor(status: Status, t: JunctionTheme = theme): string {
  if (status === 'success') return t.colors.success;
  if (status === 'warning') return t.colors.warning;
  if (status === 'error') return t.colors.danger;
  return t.colors.accent;
}

/** Returns the text colour that reads on {@link getStatusColor}'s background. */
export function getStatusTextColor(status: Status, t: JunctionTheme = theme): string {
  if (status === 'success') return t.colors.onSuccess;
  if (status === 'warning') return t.colors.onWarning;
  if (status === 'error') return t.colors.onDanger;
  return t.colors.onAccent;
}
