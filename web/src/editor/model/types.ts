/**
 * The editor model's shared types: what the editor store is created with, its phases, and the
 * plain shapes the panels read from the API (the API's own schema names stay in core's client;
 * these are the editor's views of them). Every file of the model imports them from here, so the
 * model's imports form a tree.
 */
import type { Credential } from '@junction/api-spec';
import type { ApiClient, CoreEnv } from '@junction/core';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';

/** Load phases (editor-core 4.1). */
export type LoadPhase = 'unloaded' | 'loading' | 'loaded' | 'failed';
/** Save phases (editor-core 4.1); 'idle' before the first save. */
export type SavePhase = 'idle' | 'saving' | 'saved' | 'saveFailed';

/** What the editor store needs from its surroundings; given at creation. */
export interface EditorEnv extends CoreEnv {
  api: ApiClient;
  /** Shows a failure to the user (a toast in the app). */
  notifyError: (message: string) => void;
  /** Timers, injected so tests can drive autosave; the global ones when absent. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Hands over the boot-time GET of workflow `id` once (the root store's), when there is one. */
  takePrefetchedWorkflow?: (id: string) => Promise<StoredWorkflow | null> | null;
  /**
   * The boot-time GET's answer for workflow `id` and `token` when it has already arrived; kept
   * (a render that is thrown away may have read it) until `releaseWorkflowPrefetch`.
   */
  settledWorkflow?: (id: string, token: string) => StoredWorkflow | null;
  /** Lets go of the boot-time GET (a later editor asks the server). */
  releaseWorkflowPrefetch?: () => void;
}

/** Which link panel is open: a link's filter or its delay (editor-core 2.10). */
export interface LinkPanel {
  linkId: string;
  kind: 'filter' | 'delay';
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

/** A connected account as the Account step shows it (listCredentials): the contract's fields it reads. */
export type CredentialView = Pick<Credential, 'id' | 'app' | 'name' | 'createdAt' | 'lastUsed'>;

/** The outcome of a step test (testStep). */
export interface TestResultView {
  ok: boolean;
  statusCode?: number;
  output?: unknown;
  message?: string;
  testedAt: string;
}
