import { Select } from './Select.js';
import { type ThemePreference, useThemeMode } from './ThemeMode.js';

const CHOICES: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'Match the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * The profile's theme switch: follow the system's light or dark setting, or always one of
 * them. The choice is kept in this browser (localStorage) and applies at once.
 */
export function ThemeSwitch() {
  const { preference, setPreference } = useThemeMode();
  return (
    <Select
      label="Theme"
      hint="Kept in this browser."
      options={CHOICES}
      value={preference}
      onChange={(event) => setPreference(event.target.value as ThemePreference)}
    />
  );
}
