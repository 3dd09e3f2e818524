/**
 * The editor's support chat launcher (editor-core 2.9): a corner button, not the canvas, so a
 * chunk fetched once the browser is idle after the first paint (the editor's first load goes
 * without it). A download that fails (offline, a deploy in between) is tried again on the next
 * `online` event and on a later idle period, a bounded number of times: the button is no
 * screen's main work, so it never says that it failed.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { shouldShowMinimap } from '../editor/canvas/canvas-model.js';
import type { IEditorStore } from '../editor/model/editor-store.js';
import { whenIdle } from '../editor/when-idle.js';
import { type LazyChunk, lazyChunk, useLazyChunk } from '../ui/lazy-chunk.js';

/** How far the chat launcher sits above the corner: over React Flow's minimap (150 px + 15 px margins). */
const CHAT_LIFT_OVER_MINIMAP = '160px';

const chatLauncherChunk = lazyChunk(() => import('../dashboard/SupportChatLauncher.js'));

/** How {@link useIdleChunk} tries again after a failed download. */
export interface IdleRetry {
  /** Downloads tried again after the first failure, at most (the `online` event's included). */
  maxRetries: number;
  /** Wait before the idle period of the first retry (ms); doubles with each failure. */
  firstDelayMs: number;
}

/** Four more tries over about a minute (5, 10, 20, 40 s), or sooner when the browser is back online. */
export const CHAT_LAUNCHER_RETRY: IdleRetry = { maxRetries: 4, firstDelayMs: 5000 };

/**
 * The module of `chunk`, downloaded once the browser is idle; a failed download is tried again
 * on the next `online` event or on the idle period after a growing wait, whichever comes first,
 * up to `maxRetries` times. Null until the module is there.
 */
export function useIdleChunk<M>(chunk: LazyChunk<M>, { maxRetries, firstDelayMs }: IdleRetry): M | null {
  const [isIdle, setIdle] = useState(() => chunk.loaded() !== null);
  const [retries, setRetries] = useState(0);
  useEffect(() => (isIdle ? undefined : whenIdle(() => setIdle(true))), [isIdle]);
  const { module, isFailed, retry: downloadAgain } = useLazyChunk(chunk, isIdle);
  useEffect(() => {
    if (!isFailed || retries >= maxRetries) return;
    let isDone = false;
    let cancelIdle = () => {};
    const again = () => {
      if (isDone) return;
      isDone = true;
      setRetries((count) => count + 1);
      downloadAgain();
    };
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(again);
    }, firstDelayMs * 2 ** retries);
    window.addEventListener('online', again);
    return () => {
      isDone = true;
      window.clearTimeout(timer);
      cancelIdle();
      window.removeEventListener('online', again);
    };
  }, [isFailed, retries, maxRetries, firstDelayMs, downloadAgain]);
  return module;
}

/**
 * The support chat's launcher in the editor, lifted over the canvas's minimap when there is one;
 * its own observer, so that an edit re-draws this button and not the page.
 */
export const EditorChatLauncher = observer(function EditorChatLauncher({ editor }: { editor: IEditorStore }) {
  const module = useIdleChunk(chatLauncherChunk, CHAT_LAUNCHER_RETRY);
  const lift = shouldShowMinimap(editor.wf.data) ? CHAT_LIFT_OVER_MINIMAP : undefined;
  return module ? <module.SupportChatLauncher lift={lift} /> : null;
});
