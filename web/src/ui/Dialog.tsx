import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** The dimmed page behind a modal that is there from the start (onboarding, the form builder). */
export const StillOverlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
`;

/** The dimmed page behind a dialog or drawer, fading in. */
export const Overlay = styled(StillOverlay)`
  animation: ${fadeIn} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  @media ${({ theme }) => theme.motion.reduced} { animation: none; }
`;

/** The widths of {@link Dialog}'s sizes. */
const WIDTHS = { small: '400px', medium: '520px', large: '720px' } as const;

const Content = styled(RadixDialog.Content)<{ $size: keyof typeof WIDTHS }>`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $size }) => WIDTHS[$size]}, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  overflow: auto;
  padding: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  animation: ${fadeIn} ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
  @media ${({ theme }) => theme.motion.reduced} { animation: none; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A dialog's or drawer's heading. */
export const DialogTitle = styled(RadixDialog.Title)`
  margin: 0 ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(3)} 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

/** A dialog's or drawer's sentence under the title. */
export const DialogDescription = styled(RadixDialog.Description)`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The labelled × at a dialog's or drawer's top right. */
export const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  svg { width: 18px; height: 18px; }
  &:hover { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** The row of buttons at a dialog's or drawer's end (the main action last). */
export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(5)};
`;

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called with false when the user closes it (Escape, the close button, a click outside). */
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading and accessible name. */
  title: string;
  /** A sentence under the title, announced as the dialog's description. */
  description?: string;
  /** Buttons at the end (Cancel, then the main action). */
  footer?: ReactNode;
  /** 'medium' (520 px) unless told. */
  size?: keyof typeof WIDTHS;
  /** Where the dialog renders; under <body> unless told (the gallery's frames). */
  container?: HTMLElement | null;
  /** False only in the gallery: no focus trap and no overlay (several shown at once). */
  modal?: boolean;
  children?: ReactNode;
}

/**
 * Renders a modal dialog that traps focus, closes on Escape and returns focus on close
 * (Radix Dialog underneath, styled with the theme).
 *
 * @example
 * <Dialog open={isOpen} onOpenChange={setOpen} title="Share workflow"
 *   footer={<Button onClick={share}>Share</Button>}>…</Dialog>
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'medium',
  container,
  modal = true,
  children,
}: DialogProps) {
  // Without a description Radix expects aria-describedby to be set to undefined explicitly.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal container={container}>
        <Overlay />
        <Content $size={size} {...describedBy}>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
          {children}
          {footer && <DialogFooter>{footer}</DialogFooter>}
          <CloseButton aria-label="Close">
            <X aria-hidden="true" />
          </CloseButton>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
