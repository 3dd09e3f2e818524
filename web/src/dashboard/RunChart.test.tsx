import type { RunDay } from '@junction/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { darkTheme, type JunctionTheme, lightTheme } from '../ui/theme.js';
import { axisTop, dayLabel, RunChart } from './RunChart.js';

afterEach(cleanup);

const days: RunDay[] = [
  { day: '2026-11-27', succeeded: 0, failed: 0, other: 0 },
  { day: '2026-11-28', succeeded: 3, failed: 1, other: 0 },
  { day: '2026-11-29', succeeded: 2, failed: 2, other: 4 },
];

function draw(theme: JunctionTheme, data: readonly RunDay[] = days) {
  return render(
    <ThemeProvider theme={theme}>
      <RunChart days={data} />
    </ThemeProvider>,
  );
}

const rectsOf = (container: HTMLElement, day: string) => [...container.querySelectorAll(`[data-day="${day}"] rect`)];
const num = (el: Element, attr: string) => Number(el.getAttribute(attr));

describe('RunChart', () => {
  it('is one named picture with the numbers in a table', () => {
    draw(lightTheme);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Runs per day over the last 3 days: 12 in all, 3 failed. The numbers are in the table that follows.',
    );
    const table = screen.getByRole('table', { name: 'Runs per day (UTC)' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DaySucceededFailedOther', 'Nov 27000', 'Nov 28310', 'Nov 29224']);
  });

  it('stacks succeeded, failed and other from the bottom, each day in its own slot, none for zero', () => {
    const { container } = draw(lightTheme);
    expect(rectsOf(container, '2026-11-27')).toHaveLength(0);
    const [ok, failed] = rectsOf(container, '2026-11-28');
    expect(rectsOf(container, '2026-11-28')).toHaveLength(2);
    // The axis top is 10 (the round top above the busiest day's 8): 3 then 1 tenth of the 160 px plot.
    expect(num(ok, 'height')).toBeCloseTo(48);
    expect(num(failed, 'height')).toBeCloseTo(16);
    expect(num(failed, 'y') + num(failed, 'height')).toBeCloseTo(num(ok, 'y'));
    expect(num(ok, 'y') + num(ok, 'height')).toBeCloseTo(160);
    const busiest = rectsOf(container, '2026-11-29');
    expect(busiest.map((r) => r.textContent)).toEqual(['Nov 29: 2 succeeded', 'Nov 29: 2 failed', 'Nov 29: 4 other']);
    expect(num(busiest[2], 'y')).toBeCloseTo(160 - 8 * 16);
    expect(num(busiest[0], 'x')).toBeGreaterThan(num(ok, 'x'));
    expect(num(ok, 'width')).toBeLessThanOrEqual(28);
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('colours the bars with the %s theme tokens', (_, theme) => {
    const { container } = draw(theme);
    expect(rectsOf(container, '2026-11-29').map((r) => r.getAttribute('fill'))).toEqual([
      theme.colors.success,
      theme.colors.danger,
      theme.colors.borderStrong,
    ]);
  });

  it('labels about eight days of thirty on the axis', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      succeeded: i,
      failed: 0,
      other: 0,
    }));
    const { container } = draw(lightTheme, month);
    const labels = [...container.querySelectorAll('[data-day] text')].map((t) => t.textContent);
    expect(labels).toEqual(['Nov 1', 'Nov 5', 'Nov 9', 'Nov 13', 'Nov 17', 'Nov 21', 'Nov 25', 'Nov 29']);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });

  it('rounds the axis top and reads days as UTC', () => {
    expect([0, 4, 5, 12, 30, 101].map(axisTop)).toEqual([4, 4, 5, 20, 50, 200]);
    expect(dayLabel('2026-01-01')).toBe('Jan 1');
  });
});
