/** Test helpers for pill fields (jsdom cannot type into CodeMirror with fireEvent.change). */
import { EditorView } from '@codemirror/view';
import { act } from '@testing-library/react';

/** Replaces the whole text of the pill field whose editing area is `element`, as a user edit. */
export function setPillText(element: HTMLElement, text: string): void {
  const view = EditorView.findFromDOM(element);
  if (!view) throw new Error('setPillText: not a pill field');
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}
