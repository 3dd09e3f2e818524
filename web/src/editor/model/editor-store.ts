/**
 * The editor store (editor-core 4): the base (load, save, autosave, selection; editor-base.ts)
 * with the requests that are not load and save (editor-requests.ts) and the lifecycle of drafts
 * and versions (editor-releases.ts) composed on.
 */
import type { Instance } from 'mobx-state-tree';
import { EditorStoreBase } from './editor-base.js';
import { editorReleases } from './editor-releases.js';
import { editorRequests } from './editor-requests.js';
import type { EditorEnv } from './types.js';

/** The editor's root store; EditorPage creates it through the root store's `createModel`. */
export const EditorStore = EditorStoreBase.actions(editorRequests).actions(editorReleases);

/** An editor store instance. */
export interface IEditorStore extends Instance<typeof EditorStore> {}

/**
 * Creates an editor store with its environment; timers default to the global ones.
 *
 * @example
 * const editor = createEditorStore({ api, newId: () => crypto.randomUUID(), now: Date.now, notifyError });
 * await editor.load(id);
 * const stop = editor.startAutosave();
 */
export function createEditorStore(env: EditorEnv): IEditorStore {
  return EditorStore.create({}, env);
}
