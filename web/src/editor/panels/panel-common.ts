/**
 * What every step panel view model shares: turning a failed call into a sentence a user can
 * read, and the plain shapes the panels read from the API (the API's own schema names stay in
 * core's client; these are the editor's views of them).
 */
import { isApiError } from '@junction/core';
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

/** Said when a server route exists in the contract but is not built yet (HTTP 501). */
export const NOT_BUILT_TEXT = 'This part of the server is not available yet. Please try again later.';

/** Said when no answer arrived at all. */
export const OFFLINE_TEXT = 'Could not reach the server. Check your connection and try again.';

/**
 * Returns the message a failed panel call shows: the server's own detail when it sent one,
 * a clear sentence for 501 and for no answer, and `fallback` otherwise.
 *
 * @example
 * problemMessage(new ApiError({ status: 501, title: 'Not Implemented' }), 'Loading apps failed.'); // NOT_BUILT_TEXT
 */
export function problemMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 501) return NOT_BUILT_TEXT;
    if (error.status === 0) return OFFLINE_TEXT;
    const detail = error.problem.detail ?? '';
    return detail.trim() !== '' ? `${fallback} ${detail}` : `${fallback} (${error.status} ${error.problem.title})`;
  }
  return fallback;
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
