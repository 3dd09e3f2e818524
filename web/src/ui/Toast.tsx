/**
 * The toast (editor-core 2.6): one status message at a time at the bottom right. It is a live
 * region (errors 'alert', the rest 'status'), hides itself after 3000 ms or when the user opens
 * another page, pauses while the pointer is over it or focus is inside, and F8 moves focus to it. This module is the light
 * part every page's first load carries (the provider and `useToast`); the region and the toast
 * on Radix Toast (ToastView.tsx) are a chunk fetched with the first toast.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { type LazyChunk, lazyChunk, useLazyChunk } from './lazy-chunk.js';
import type { Status } from './theme.js';
import { type ShownToast, TOAST_AUTO_HIDE_MS } from './toast-shown.js';

export { TOAST_AUTO_HIDE_MS };

/** What {@link useToast} returns. */
export interface ToastApi {
  /**
   * Shows a toast, replacing the one on screen; its 3000 ms start again. `autoHideMs` is for
   * the screens whose spec says otherwise (onboarding 8: 6000 ms).
   */
  showToast: (toast: { status: Status; message: string; autoHideMs?: number }) => void;
}

/** The region's chunk (Radix Toast), fetched with the first toast. */
export const toastViewChunk: LazyChunk<typeof import('./ToastView.js')> = lazyChunk(() => import('./ToastView.js'));

const ToastContext = createContext<ToastApi | null>(null);

/** Said in place of the region when its chunk did not download (offline): the message still shows. */
const PlainToast = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space(6)};
  bottom: calc(${({ theme }) => theme.space(6)} + var(--corner-button-clearance, 0px));
  z-index: ${({ theme }) => theme.layer.toast};
  max-width: min(420px, calc(100vw - 48px));
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

/** The toast without its chunk: the same live region and time, no Radix. */
function FallbackToast({ toast, onHide }: { toast: ShownToast; onHide: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onHide, toast.autoHideMs ?? TOAST_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast, onHide]);
  return (
    <PlainToast role={toast.status === 'error' ? 'alert' : 'status'} data-status={toast.status}>
      {toast.message}
    </PlainToast>
  );
}

/**
 * Calls `hide` when the user opens another page in this tab: a link followed (not one opened in
 * a new tab) or Back/Forward. A toast speaks of what was done on its page ('Contact added'); on
 * the next page it read as news of that page. Plain DOM events, not the router's location: the
 * public form's entry has no router. A toast an action shows as it moves on (a save that opens
 * the editor) is not a link click and stays. Returns the clean-up.
 */
function hideOnLeaving(hide: () => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || !['', '_self'].includes(link.getAttribute('target') ?? '')) return;
    hide();
  };
  // Capture: before the router's own handler, and before a handler that shows the next toast.
  document.addEventListener('click', onClick, true);
  window.addEventListener('popstate', hide);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('popstate', hide);
  };
}

/**
 * Provides {@link useToast} to the tree and draws the one toast on screen. The region's chunk
 * is fetched with the first toast, which shows as soon as it is in; from then on the region
 * stays on the page.
 */
export function ToastProvider({
  children,
  regionChunk = toastViewChunk,
}: {
  children: ReactNode;
  /** The region's chunk; {@link toastViewChunk} unless a test gives another. */
  regionChunk?: LazyChunk<typeof import('./ToastView.js')>;
}) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const showToast = useCallback<ToastApi['showToast']>(({ status, message, autoHideMs }) => {
    setToast({ id: nextId.current++, status, message, autoHideMs });
  }, []);
  const hide = useCallback(() => setToast(null), []);
  const api = useMemo(() => ({ showToast }), [showToast]);
  const isShown = toast !== null;
  useEffect(() => (isShown ? hideOnLeaving(hide) : undefined), [isShown, hide]);
  const view = useLazyChunk(regionChunk, toast !== null);
  let region: ReactNode = null;
  if (view.module) region = <view.module.ToastRegion toast={toast} onHide={hide} />;
  else if (toast && view.isFailed) region = <FallbackToast key={toast.id} toast={toast} onHide={hide} />;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {region}
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
