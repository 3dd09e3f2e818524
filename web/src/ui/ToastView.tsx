/**
 * The toast's Radix part (editor-core 2.6): the region at the bottom right and the one toast in
 * it, on Radix Toast. A chunk of its own, fetched with the first toast ({@link ToastProvider}
 * in Toast.tsx): no page's first load carries Radix Toast.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { type ReactNode, useRef, useState } from 'react';
import styled from 'styled-components';
import { getStatusColor, getStatusTextColor, type Status } from './theme.js';
import { type ShownToast, TOAST_AUTO_HIDE_MS } from './toast-shown.js';

/** Props of {@link Toast}. */
export interface ToastProps {
  /** Colour and urgency: errors are announced assertively, the rest politely. */
  status: Status;
  message: string;
  /** Called once the toast hides itself or the user dismisses it. */
  onHide: () => void;
  /** Milliseconds before hiding; {@link TOAST_AUTO_HIDE_MS} unless told. */
  autoHideMs?: number;
}

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  right: ${({ theme }) => theme.space(6)};
  /* Above a corner button that claims the space (the support chat's launcher sets the variable). */
  bottom: calc(${({ theme }) => theme.space(6)} + var(--corner-button-clearance, 0px));
  z-index: ${({ theme }) => theme.layer.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  max-width: min(420px, calc(100vw - 48px));
  margin: 0;
  padding: 0;
  list-style: none;
  outline: none;
  @media ${({ theme }) => theme.media.small} {
    right: ${({ theme }) => theme.space(3)};
    bottom: ${({ theme }) => theme.space(3)};
    max-width: calc(100vw - 24px);
  }
`;

const Box = styled.div<{ $status: Status }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  color: ${({ theme, $status }) => getStatusTextColor($status, theme)};
  background: ${({ theme, $status }) => getStatusColor($status, theme)};
  &:focus-visible {
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.surface}, 0 0 0 5px ${({ theme }) => theme.colors.text};
  }
`;

const Dismiss = styled.button`
  border: none;
  background: transparent;
  color: inherit;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.small};
  &:focus-visible { outline: none; box-shadow: 0 0 0 2px currentColor; }
`;

/**
 * Renders a status message that hides itself after 3000 ms (editor-core 2.6); inside a
 * {@link ToastRegion}. The toast is itself the live region ('alert' or 'status', as the
 * tests and screen readers find it), so Radix's separate announcer is kept off the page.
 *
 * @example
 * {toast && <Toast status="success" message="Saved" onHide={() => setToast(null)} />}
 */
export function Toast({ status, message, onHide, autoHideMs = TOAST_AUTO_HIDE_MS }: ToastProps) {
  // A ref keeps the timer from restarting when a parent passes a new onHide on each render.
  const onHideRef = useRef(onHide);
  onHideRef.current = onHide;
  return (
    <RadixToast.Root
      asChild
      duration={autoHideMs}
      type={status === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => !open && onHideRef.current()}
    >
      <Box $status={status} role={status === 'error' ? 'alert' : 'status'} data-status={status}>
        <RadixToast.Description asChild>
          <span>{message}</span>
        </RadixToast.Description>
        <RadixToast.Close asChild>
          <Dismiss type="button" aria-label="Dismiss notification">
            ×
          </Dismiss>
        </RadixToast.Close>
      </Box>
    </RadixToast.Root>
  );
}

/** Props of {@link ToastRegion}. */
export interface ToastRegionProps {
  /** The toast on screen, if any; a new id remounts it with its full time. */
  toast?: ShownToast | null;
  onHide?: () => void;
  /** A toast drawn directly (the gallery). */
  children?: ReactNode;
}

/**
 * The toasts' live region (F8 moves focus to it) with the one toast on screen. The toast is
 * itself the live region ('status' or 'alert', as the tests and screen readers find it): Radix's
 * second announcement of each toast goes to a node outside the document.
 */
export function ToastRegion({ toast, onHide, children }: ToastRegionProps) {
  const [offPage] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  return (
    <RadixToast.Provider
      duration={TOAST_AUTO_HIDE_MS}
      swipeDirection="right"
      label="Notification"
      announcerContainer={offPage}
    >
      {children}
      {toast && (
        // The key remounts the toast so a new message gets its full 3000 ms.
        <Toast
          key={toast.id}
          status={toast.status}
          message={toast.message}
          autoHideMs={toast.autoHideMs}
          onHide={() => onHide?.()}
        />
      )}
      <Viewport asChild label="Notifications ({hotkey})">
        <div />
      </Viewport>
    </RadixToast.Provider>
  );
}
