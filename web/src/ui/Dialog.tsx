import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Content = styled(RadixDialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(520px, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  overflow: auto;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Title = styled(RadixDialog.Title)`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.large};
`;

const Description = styled(RadixDialog.Description)`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  width: 32px;
  height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
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
  children?: ReactNode;
}

/**
 * Renders a modal dialog that traps focus, closes on Escape and returns focus on close
 * (Radix Dialog underneath, styled with the theme).
 *
 * @example
 * <Dialog open={isOpen} onOpenChange={setOpen} title="Share workflow">…</Dialog>
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  // Without a description Radix expects aria-describedby to be set to undefined explicitly.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content {...describedBy}>
          <Title>{title}</Title>
          {description && <Description>{description}</Description>}
          {children}
          <CloseButton aria-label="Close">×</CloseButton>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
