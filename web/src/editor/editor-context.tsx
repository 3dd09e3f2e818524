import { createContext, type ReactNode, useContext } from 'react';
import type { IEditorStore } from './model/editor-store.js';

/**
 * The window event telling the open step panel that an app's definition changed (a custom
 * trigger was added to it): `detail` = { app: slug }.
 */
export const APP_CHANGED_EVENT = 'junction:app-changed';

const EditorContext = createContext<IEditorStore | null>(null);

/** Makes an editor store available to {@link useEditor} below it. */
export function EditorProvider({ store, children }: { store: IEditorStore; children: ReactNode }) {
  return <EditorContext.Provider value={store}>{children}</EditorContext.Provider>;
}

/**
 * Returns the editor store; throws a helpful error when no {@link EditorProvider} is above.
 *
 * @example
 * const editor = useEditor();
 * editor.select(stepId);
 */
export function useEditor(): IEditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditor must be used inside <EditorProvider>; the EditorPage provides it.');
  return store;
}
