/** What the toast's two halves share: the light provider (Toast.tsx) and its Radix chunk (ToastView.tsx). */
import type { Status } from './theme.js';

/** How long a toast stays before it hides itself (editor-core 2.6, forms-dp 9: 3000 ms). */
export const TOAST_AUTO_HIDE_MS = 3000;

/** The toast on screen, as the provider hands it to the region. */
export interface ShownToast {
  id: number;
  status: Status;
  message: string;
  autoHideMs?: number;
}
