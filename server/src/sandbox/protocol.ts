/**
 * The messages between the sandbox runner and its child (`child.mjs`): one JSON object per
 * line, parent → child on the child's stdin, child → parent on its stdout. The child is plain
 * JavaScript and cannot import this file; keep both sides in step.
 */

/** The child has loaded Pyodide and the prelude and waits for its one job. */
export interface ReadyMessage {
  type: 'ready';
  /** From the child's first line of JavaScript to ready. */
  startupMs: number;
}

/** Python called `request(...)` or `authenticated_request(...)`; the fields are as Python gave them (unchecked). */
export interface RequestMessage {
  type: 'request';
  id: number;
  /** True for `authenticated_request`: the app's authentication is applied by the host. */
  auth: boolean;
  method: unknown;
  url: unknown;
  headers: unknown;
  params: unknown;
  body: unknown;
}

/** The job's outcome; the envelope is JSON text made by the Python prelude. */
export interface ResultMessage {
  type: 'result';
  runMs: number;
  /** What the code printed (capped). */
  logs: string;
  /** `{"ok": true, "output": …}` or `{"ok": false, "code": …, "message": …}`. */
  envelope: string;
}

/** Every child → parent message. */
export type ChildMessage = ReadyMessage | RequestMessage | ResultMessage;

/** The one job a child runs. */
export interface JobMessage {
  type: 'job';
  code: string;
  inputData: Record<string, unknown>;
  authData: Record<string, unknown>;
}

/** What a host request produced, as Python receives it. */
export type RequestReply =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown }
  | { ok: false; error: string };

/** The answer to one {@link RequestMessage}. */
export interface ResponseMessage {
  type: 'response';
  id: number;
  reply: RequestReply;
}

/** Every parent → child message. */
export type ParentMessage = JobMessage | ResponseMessage;
