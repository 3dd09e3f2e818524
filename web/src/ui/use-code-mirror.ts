/**
 * The CodeMirror view behind a text field (`PillInput`, the editor's `PillField`, the portal's
 * `CodeEditor`): created once in the host element with the caller's extensions, reporting every
 * change of its text, taking a new `value` only when it differs from what it holds, destroyed
 * with the component. Not exported from the `ui` barrel: it loads CodeMirror.
 */

import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { type RefObject, useEffect, useRef } from 'react';

/** The host element to render and the view once it exists. */
export interface CodeMirrorHandle {
  host: RefObject<HTMLDivElement | null>;
  view: RefObject<EditorView | null>;
}

/**
 * Mounts a CodeMirror view holding `value`. `extensions` is read once, at mount: later changes
 * reach the view through the caller's own effects (dispatching to `view.current`).
 */
export function useCodeMirror(
  value: string,
  onChange: (value: string) => void,
  extensions: () => Extension,
): CodeMirrorHandle {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Created once; later values arrive through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor owns its text after mount.
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          extensions(),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return { host, view };
}
