/**
 * What every step panel view model shares: its environment (the editor store and its clock).
 * The plain shapes the panels read from the API are in types.ts; failures are worded by
 * `stores/api-failure.ts` over core's message table.
 */
import { getEnv, type IAnyStateTreeNode } from 'mobx-state-tree';
import type { IEditorStore } from './editor-store.js';

/**
 * What every panel model's tree is created with: the editor store's environment (API client,
 * clock, ids) plus the editor store itself, through the editor's `createPanelModel` action.
 */
export interface PanelEnv {
  editor: IEditorStore;
  now: () => number;
}

/** The environment of a panel model's tree. */
export function panelEnv<E extends PanelEnv = PanelEnv>(node: IAnyStateTreeNode): E {
  return getEnv<E>(node);
}
