/**
 * The step panels' chunk (StepPanel.tsx with the pill fields and CodeMirror), kept out of the
 * editor's first load. `StepPanelHost` draws from it and fetches it once the browser is idle
 * after the editor opened; the canvas asks for it as soon as the pointer enters the pane, so a
 * click that comes before that idle moment finds it downloaded or on its way.
 */
import { lazyChunk } from '../../ui/lazy-chunk.js';

export const stepPanelChunk = lazyChunk(() => import('./StepPanel.js'));

/** Starts fetching the panels' chunk (once; a failure is tried again by the next call). */
export function preloadStepPanel(): void {
  void stepPanelChunk.load().catch(() => undefined);
}
