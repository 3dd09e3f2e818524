import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useTheme } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readThemePreference, resolveThemeMode, THEME_PREFERENCE_KEY, ThemeModeProvider } from './ThemeMode.js';
import { ThemeSwitch } from './ThemeSwitch.js';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

function ShownMode() {
  return <p data-testid="mode">{useTheme().mode}</p>;
}

describe('theme preference', () => {
  it('follows the system under "system" and the choice otherwise', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });

  it('reads "system" from an empty, unknown or unreadable store', () => {
    expect(readThemePreference({ getItem: () => null })).toBe('system');
    expect(readThemePreference({ getItem: () => 'purple' })).toBe('system');
    expect(
      readThemePreference({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
  });

  it('switches the theme from the profile switch and remembers it', () => {
    render(
      <ThemeModeProvider>
        <ThemeSwitch />
        <ShownMode />
      </ThemeModeProvider>,
    );
    // jsdom has no matchMedia: the system counts as light.
    expect(screen.getByTestId('mode').textContent).toBe('light');
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'dark' } });
    expect(screen.getByTestId('mode').textContent).toBe('dark');
    expect(localStorage.getItem(THEME_PREFERENCE_KEY)).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    cleanup();
    render(
      <ThemeModeProvider>
        <ShownMode />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId('mode').textContent).toBe('dark');
  });

  it('forgets the choice when set back to the system', () => {
    localStorage.setItem(THEME_PREFERENCE_KEY, 'dark');
    render(
      <ThemeModeProvider>
        <ThemeSwitch />
      </ThemeModeProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'system' } });
    expect(localStorage.getItem(THEME_PREFERENCE_KEY)).toBeNull();
  });
});
