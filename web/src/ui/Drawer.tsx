import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { CloseButton, DialogDescription, DialogFooter, DialogTitle, Overlay } from './Dialog.js';

const slideIn = keyframes`
  from { transform: translateX(24px); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

const Panel = styled(RadixDialog.Content)<{ $side: 'left' | 'right'; $width: string }>`
  position: fixed;
  top: 0;
  bottom: 0;
  ${({ $side }) => $side}: 0;
  display: flex;
  flex-direction: column;
  width: min(${({ $width }) => $width}, 100vw);
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  animation: ${slideIn} ${({ theme }) => theme.motion.slow} ${({ theme }) => theme.motion.easing};
  @media ${({ theme }) => theme.motion.reduced} { animation: none; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Head = styled.div`
  position: relative;
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(6)} 0;
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: 0 ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
`;

const Foot = styled(DialogFooter)`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Props of {@link Drawer}. */
export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's heading and accessible name. */
  title: string;
  description?: string;
  /** Buttons pinned at the bottom. */
  footer?: ReactNode;
  /** 'right' unless told. */
  side?: 'left' | 'right';
  /** CSS width; 420px unless told. */
  width?: string;
  /** Where the drawer renders; under <body> unless told (the gallery's frames). */
  container?: HTMLElement | null;
  /** False only in the gallery: no focus trap and no overlay (several shown at once). */
  modal?: boolean;
  children?: ReactNode;
}

/**
 * Renders a modal panel sliding in from the page's side (Radix Dialog: focus trapped, Escape
 * and a click outside close it, focus returns to the opener). Its body scrolls; the footer stays.
 *
 * @example
 * <Drawer open={isOpen} onOpenChange={setOpen} title="Run details">…</Drawer>
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  footer,
  side = 'right',
  width = '420px',
  container,
  modal = true,
  children,
}: DrawerProps) {
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal container={container}>
        <Overlay />
        <Panel $side={side} $width={width} {...describedBy}>
          <Head>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
            <CloseButton aria-label="Close">
              <X aria-hidden="true" />
            </CloseButton>
          </Head>
          <Body>{children}</Body>
          {footer && <Foot>{footer}</Foot>}
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
