/**
 * Light or dark: the user's choice (the profile's switch: follow the system, light, dark),
 * kept in localStorage, with the system's `prefers-color-scheme` deciding under "system".
 * `ThemeModeProvider` gives the chosen theme to styled-components.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { type ThemeMode, themeFor } from './theme.js';

/** What the user chose in the profile. */
export type ThemePreference = 'system' | ThemeMode;

/** The preference's localStorage key. */
export const THEME_PREFERENCE_KEY = 'junction.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Reads the stored preference; 'system' when none or unreadable (private mode). */
export function readThemePreference(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_PREFERENCE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The theme a preference shows, given whether the system asks for dark. */
export function resolveThemeMode(preference: ThemePreference, systemIsDark: boolean): ThemeMode {
  if (preference === 'system') return systemIsDark ? 'dark' : 'light';
  return preference;
}

function systemIsDark(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
  );
}

/** What {@link useThemeMode} returns. */
export interface ThemeModeApi {
  preference: ThemePreference;
  /** The theme shown now. */
  mode: ThemeMode;
  /** Stores the choice and applies it at once. */
  setPreference: (preference: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeModeApi | null>(null);

/**
 * Provides the light or dark theme following the stored preference and the system setting,
 * and tells the browser (`color-scheme`) so scrollbars and native controls match.
 *
 * @example
 * <ThemeModeProvider><GlobalStyle /><App /></ThemeModeProvider>
 */
export function ThemeModeProvider({
  children,
  preference: forced,
}: {
  children: ReactNode;
  preference?: ThemePreference;
}) {
  const [preference, setStored] = useState<ThemePreference>(() => forced ?? readThemePreference());
  const [isDark, setDark] = useState(systemIsDark);

  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const mode = resolveThemeMode(preference, isDark);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  const setPreference = useCallback((next: ThemePreference) => {
    setStored(next);
    try {
      if (next === 'system') localStorage.removeItem(THEME_PREFERENCE_KEY);
      else localStorage.setItem(THEME_PREFERENCE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
  }, []);

  const api = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return (
    <ThemeModeContext.Provider value={api}>
      <ThemeProvider theme={themeFor(mode)}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/** Returns the theme preference and its setter; throws outside a {@link ThemeModeProvider}. */
export function useThemeMode(): ThemeModeApi {
  const api = useContext(ThemeModeContext);
  if (!api) throw new Error('useThemeMode must be used inside <ThemeModeProvider>; wrap the app in <AppProviders>.');
  return api;
}
