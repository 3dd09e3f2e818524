/**
 * What every step panel view model shares: its environment and the plain shapes the panels
 * read from the API (the API's own schema names stay in core's client; these are the editor's
 * views of them). Failures are worded by `stores/api-failure.ts` over core's message table.
 */
import { getEnv, type IAnyStateTreeNode } from 'mobx-state-tree';
import type { IEditorStore } from '../../stores/editor-store.js';

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

/** A catalogue entry as the App step shows it (listApps). */
export interface AppSummaryView {
  appSlug: string;
  appName: string;
  source?: string;
  category?: string;
  iconURL?: string;
  disableAuth?: boolean;
  /** The app's auth scheme; absent for apps without accounts. */
  apiType?: string;
  /** True when the app can start a workflow (core's `hasTriggers`). */
  hasTriggers?: boolean;
}

/** A connected account as the Account step shows it (listCredentials). */
export interface CredentialView {
  id: string;
  app: string;
  name: string;
  createdAt: string;
  lastUsed: string | null;
}

/** The outcome of a step test (testStep). */
export interface TestResultView {
  ok: boolean;
  statusCode?: number;
  output?: unknown;
  message?: string;
  testedAt: string;
}
