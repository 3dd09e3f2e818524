import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { JunctionTheme } from './theme.js';

/** What a badge says about its subject; each tone maps to one colour role. */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

function toneColors(theme: JunctionTheme, tone: BadgeTone): { fill: string; text: string; dot: string } {
  const c = theme.colors;
  if (tone === 'info') return { fill: c.accentSubtle, text: c.accentText, dot: c.accent };
  if (tone === 'success') return { fill: c.successSubtle, text: c.successText, dot: c.success };
  if (tone === 'warning') return { fill: c.warningSubtle, text: c.warningText, dot: c.warning };
  if (tone === 'danger') return { fill: c.dangerSubtle, text: c.dangerText, dot: c.danger };
  return { fill: c.surfaceSunken, text: c.muted, dot: c.muted };
}

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.xsmall};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: 18px;
  white-space: nowrap;
  vertical-align: middle;
  background: ${({ theme, $tone }) => toneColors(theme, $tone).fill};
  color: ${({ theme, $tone }) => toneColors(theme, $tone).text};
`;

const Dot = styled.span<{ $tone: BadgeTone }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => toneColors(theme, $tone).dot};
`;

/** Props of {@link Badge}. */
export interface BadgeProps {
  /** 'neutral' unless told. */
  tone?: BadgeTone;
  /** A coloured dot before the text (a status). */
  dot?: boolean;
  children: ReactNode;
}

/**
 * Renders a short label in a tinted pill; the words carry the meaning, the colour repeats it.
 *
 * @example
 * <Badge tone="success">Active</Badge>
 */
export function Badge({ tone = 'neutral', dot = false, children }: BadgeProps) {
  return (
    <Pill $tone={tone} data-tone={tone}>
      {dot && <Dot $tone={tone} aria-hidden="true" />}
      {children}
    </Pill>
  );
}

/**
 * Renders a status (a run's outcome, a workflow's state) as a badge with a dot.
 *
 * @example
 * <Status tone="danger">Failed</Status>
 */
export function Status({ tone = 'neutral', children }: Omit<BadgeProps, 'dot'>) {
  return (
    <Badge tone={tone} dot>
      {children}
    </Badge>
  );
}
