/**
 * Small styled pieces shared by the top bar's controls: icon buttons, the tooltip surface and
 * a tooltip wrapper that also works on disabled buttons.
 */
import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A square top-bar button with a visible focus ring. */
export const IconButton = styled.button`
  position: relative;
  min-width: 36px;
  height: 36px;
  padding: 0 ${({ theme }) => theme.space(2)};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 18px;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:disabled { color: ${({ theme }) => theme.colors.borderStrong}; cursor: default; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** The tooltip bubble. */
export const TipContent = styled(Tooltip.Content)`
  max-width: 320px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.4;
  z-index: 30;
  ol { margin: 0; padding-left: 18px; }
`;

/** Props of {@link Tip}. */
export interface TipProps {
  /** The tooltip's text or content. */
  content: ReactNode;
  children: ReactNode;
  /** Controlled open state; hover and focus decide when omitted. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Shows `content` in a tooltip over `children` on hover and keyboard focus. The trigger is a
 * span so the tooltip still opens over a disabled button (which gets no pointer events).
 */
export function Tip({ content, children, open, onOpenChange }: TipProps) {
  return (
    <Tooltip.Root open={open} onOpenChange={onOpenChange} delayDuration={200}>
      <Tooltip.Trigger asChild>
        <span style={{ display: 'inline-flex' }}>{children}</span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <TipContent side="bottom" sideOffset={6}>
          {content}
        </TipContent>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/** A tooltip provider for the top bar (Radix needs one above every tooltip). */
export const TipProvider = Tooltip.Provider;
