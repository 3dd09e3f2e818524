/**
 * Step tests, trigger choices, samples, dynamic dropdowns, connection checks and OAuth 2.0.
 * Implemented in `server/src/services/steps.ts`.
 */
import type { AuthContext, WorkflowView } from '../views.js';

/** POST /api/workflows/{id}/steps/{stepId}/test answer (editor-core 4.8, 5.3). */
export interface TestResultView {
  /** False when the call failed, or answered an error field or a status of 400 or more. */
  ok: boolean;
  /** Status of the remote answer, when there was one. */
  statusCode?: number;
  /** The answer with every array cut to 50 entries; the error data when `ok` is false. */
  output: unknown;
  /** 'Results were truncated to show only 50 of {n}' when something was cut. */
  message?: string;
  testedAt: string;
}

/** Trigger choices (editor-core 4.5, 7.1): sample items, newest first; `next` loads more. */
export interface TriggerChoicesView {
  choices: unknown[];
  next?: string;
}

/** POST /api/apps/{appSlug}/dropdowns body. */
export interface DropdownInput {
  /** The action that lists the options. */
  action: string;
  credential?: string | null;
  /** The step's current field values. */
  fields: { name: string; value?: unknown }[];
  cursor?: string;
  /** The field's dynamic spec `app.Label.action.head.value.label`, when the editor has it. */
  dynamic?: string;
  /** Case-insensitive text the options must contain (used when longer than 1 character). */
  search?: string;
}

/** Dropdown options. */
export interface DropdownOptionsView {
  options: { value: string; label: string }[];
  next?: string;
}

/** POST /api/credentials/{id}/check answer. */
export interface CredentialCheckView {
  ok: boolean;
  message?: string;
}

/** The steps service. Methods taking `ctx` are tenant-scoped: another tenant's resource is a 404. */
export interface StepsService {
  /** Runs one step for real: the `document` given (unsaved edits) or the stored one. */
  testStep(
    ctx: AuthContext,
    workflowId: string,
    stepId: string,
    input: { document?: unknown },
  ): Promise<TestResultView>;
  /** Sample items of a trigger: its list action (Load More by `cursor`), or the latest received events. */
  fetchTriggerChoices(
    ctx: AuthContext,
    workflowId: string,
    stepId: string,
    input: { cursor?: string; document?: unknown },
  ): Promise<TriggerChoicesView>;
  /** Stores a pasted JSON sample as the step's test data ('Customize Trigger Data'). */
  setStepSample(ctx: AuthContext, workflowId: string, stepId: string, sample: unknown): Promise<WorkflowView>;
  /** Options of a dynamic dropdown, with the user's credential. */
  loadDropdownOptions(ctx: AuthContext, appSlug: string, input: DropdownInput): Promise<DropdownOptionsView>;
  /** Runs the app's test-auth action with a stored credential and records the result. */
  checkCredential(ctx: AuthContext, credentialId: string): Promise<CredentialCheckView>;
  /** GET /auth/{app}: the redirect to the provider (or the result page when it cannot start). */
  startOAuth(input: StartOAuthInput): Promise<PopupAnswer>;
  /**
   * The result page with `ok: false` and status 401, for a pop-up whose ticket was refused: the
   * window shows `message` and tells the editor, which shows it too.
   */
  refusePopup(appSlug: string, message: string): Promise<PopupAnswer>;
  /** GET /auth/{app}/redirect: exchanges the code and answers the page that posts to the opener. */
  finishOAuth(input: FinishOAuthInput): Promise<PopupAnswer>;
}

/** Input of the OAuth start route (GET /auth/{app}/start). */
export interface StartOAuthInput {
  appSlug: string;
  uid: string;
  /** The session the pop-up ticket stood for. */
  session: AuthContext | null;
  /** Reconnect this credential (`update` + `c_id`). */
  credentialId?: string;
}

/** Input of the provider's redirect back (GET /auth/{app}/redirect). */
export interface FinishOAuthInput {
  appSlug: string;
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
  /** The request's Cookie header. */
  cookieHeader?: string;
}

/** What a pop-up route answers: a redirect or the result page. */
export interface PopupAnswer {
  status: 302 | 200 | 401;
  headers: Record<string, string>;
  /** The page (text/html) when status is 200 or 401. */
  html?: string;
}
