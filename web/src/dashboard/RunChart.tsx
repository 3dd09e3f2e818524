/**
 * Runs per day by status as stacked bars (succeeded, failed, other), drawn with visx
 * (@visx/shape's BarStack on @visx/scale's band and linear scales, @visx/group) in the theme's
 * tokens so both themes read it; the picture is one `img` with a summary for screen readers,
 * and the numbers are also a visually hidden table (day, succeeded, failed, other). visx and
 * the d3 pieces it bundles load only with the dashboard's lazy chunk (docs/runs-at-scale.md).
 */
import type { RunDay } from '@junction/core';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden } from '../ui/index.js';

const WIDTH = 640;
const HEIGHT = 160;
const AXIS = 28;
const LABEL = 18;

const Figure = styled.figure`
  margin: 0;
  svg { display: block; width: 100%; height: auto; overflow: visible; }
  text { font-family: inherit; font-size: 11px; fill: ${({ theme }) => theme.colors.muted}; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space(1)}; }
  i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; }
`;

/** A round top for the axis: 1, 2, 5 × 10ⁿ at or above the busiest day. */
export function axisTop(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** A day as the axis shows it ('Nov 29'), read as UTC like the counts. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Props of {@link RunChart}. */
export interface RunChartProps {
  days: readonly RunDay[];
}

type SeriesKey = 'succeeded' | 'failed' | 'other';

/** The stacked bars with their legend and hidden table. */
export function RunChart({ days }: RunChartProps) {
  const theme = useTheme();
  const series = [
    { key: 'succeeded', label: 'Succeeded', color: theme.colors.success },
    { key: 'failed', label: 'Failed', color: theme.colors.danger },
    { key: 'other', label: 'Other (filtered, cancelled, waiting…)', color: theme.colors.borderStrong },
  ] as const;
  const keys = series.map((s) => s.key) as SeriesKey[];
  const colorOf = (key: SeriesKey) => series.find((s) => s.key === key)?.color ?? theme.colors.borderStrong;
  const total = (d: RunDay) => d.succeeded + d.failed + d.other;
  const top = axisTop(Math.max(0, ...days.map(total)));
  const plot = WIDTH - AXIS;
  // Bars take 70% of their slot, at most 28 px wide (a 7-day chart is not seven slabs).
  const slot = plot / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(28, slot * 0.7));
  const xScale = scaleBand<string>({
    domain: days.map((d) => d.day),
    range: [0, plot],
    paddingInner: 1 - bar / slot,
    paddingOuter: (1 - bar / slot) / 2,
  });
  const yScale = scaleLinear<number>({ domain: [0, top], range: [HEIGHT, 0] });
  const every = days.length > 10 ? Math.ceil(days.length / 8) : 1;
  const sum = days.reduce((acc, d) => acc + total(d), 0);
  const summary = `Runs per day over the last ${days.length} days: ${sum} in all, ${days.reduce((a, d) => a + d.failed, 0)} failed. The numbers are in the table that follows.`;

  return (
    <Figure data-testid="run-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL}`} role="img" aria-label={summary}>
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={AXIS} x2={WIDTH} y1={yScale(tick)} y2={yScale(tick)} stroke={theme.colors.border} />
            <text x={AXIS - 6} y={yScale(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        <Group left={AXIS}>
          <BarStack<RunDay, SeriesKey>
            data={[...days]}
            keys={keys}
            x={(d) => d.day}
            xScale={xScale}
            yScale={yScale}
            color={colorOf}
          >
            {(stacks) =>
              days.map((d, i) => (
                <g key={d.day} data-day={d.day}>
                  {stacks.map((stack) => {
                    const b = stack.bars[i];
                    const n = d[stack.key];
                    if (!b || n === 0) return null;
                    const label = series.find((s) => s.key === stack.key)?.label ?? stack.key;
                    return (
                      <rect key={stack.key} x={b.x} y={b.y} width={b.width} height={b.height} fill={b.color}>
                        <title>{`${dayLabel(d.day)}: ${n} ${label.split(' ')[0].toLowerCase()}`}</title>
                      </rect>
                    );
                  })}
                  {i % every === 0 && (
                    <text x={(xScale(d.day) ?? 0) + xScale.bandwidth() / 2} y={HEIGHT + 14} textAnchor="middle">
                      {dayLabel(d.day)}
                    </text>
                  )}
                </g>
              ))
            }
          </BarStack>
        </Group>
      </svg>
      <Legend aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <i style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </Legend>
      <VisuallyHidden>
        <table>
          <caption>Runs per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Succeeded</th>
              <th scope="col">Failed</th>
              <th scope="col">Other</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.succeeded}</td>
                <td>{d.failed}</td>
                <td>{d.other}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Figure>
  );
}
