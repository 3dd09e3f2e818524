import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';

const Content = styled(RadixTooltip.Content)`
  z-index: ${({ theme }) => theme.layer.popover};
  max-width: 280px;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Arrow = styled(RadixTooltip.Arrow)`
  fill: ${({ theme }) => theme.colors.text};
`;

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** What the tooltip says: a supplement, never the only name of its trigger. */
  content: ReactNode;
  /** One focusable element (a button); the tooltip shows on hover and on keyboard focus. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled visibility (the gallery shows it open); hover and focus otherwise. */
  open?: boolean;
  /** Renders in place instead of under <body> (the gallery's frames). */
  inline?: boolean;
}

/**
 * Shows a short text beside its trigger on hover and focus, hides on Escape (Radix Tooltip:
 * the text describes the trigger for screen readers).
 *
 * @example
 * <Tooltip content="Copy link"><IconButton label="Copy link"><Copy /></IconButton></Tooltip>
 */
export function Tooltip({ content, children, side = 'top', open, inline = false }: TooltipProps) {
  const body = (
    <Content side={side} sideOffset={6} collisionPadding={8} avoidCollisions={!inline}>
      {content}
      <Arrow width={10} height={5} />
    </Content>
  );
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root open={open}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        {inline ? body : <RadixTooltip.Portal>{body}</RadixTooltip.Portal>}
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
