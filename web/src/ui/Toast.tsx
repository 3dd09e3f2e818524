/**
 * The toast (editor-core 2.6): one status message at a time at the bottom right, on Radix
 * Toast. It is a live region (errors 'alert', the rest 'status'), hides itself after 3000 ms,
 * pauses while the pointer is over it or focus is inside, and F8 moves focus to it.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { getStatusColor, getStatusTextColor, type Status } from './theme.js';

/** How long a toast stays before it hides itself (editor-core 2.6, forms-dp 9: 3000 ms). */
export const TOAST_AUTO_HIDE_MS = 3000;

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
 * {@link ToastProvider}. The toast is itself the live region ('alert' or 'status', as the
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

/** What {@link useToast} returns. */
export interface ToastApi {
  /**
   * Shows a toast, replacing the one on screen; its 3000 ms start again. `autoHideMs` is for
   * the screens whose spec says otherwise (onboarding 8: 6000 ms).
   */
  showToast: (toast: { status: Status; message: string; autoHideMs?: number }) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

interface ShownToast {
  id: number;
  status: Status;
  message: string;
  autoHideMs?: number;
}

/**
 * Provides {@link useToast} to the tree and renders the one toast on screen. `children` may
 * also hold a {@link Toast} of its own (a component showing one directly).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  // Radix announces each toast again in a region of its own; the toast already is one (role
  // 'status' or 'alert'), so that second announcement goes to a node outside the document.
  const [offPage] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  const showToast = useCallback<ToastApi['showToast']>(({ status, message, autoHideMs }) => {
    setToast({ id: nextId.current++, status, message, autoHideMs });
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
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
            onHide={() => setToast(null)}
          />
        )}
        <Viewport asChild label="Notifications ({hotkey})">
          <div />
        </Viewport>
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Returns the function that shows a toast; throws when no {@link ToastProvider} is above.
 *
 * @example
 * const { showToast } = useToast();
 * showToast({ status: 'success', message: `${appName} integration saved!` });
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>; wrap the app in <AppProviders>.');
  return api;
}
