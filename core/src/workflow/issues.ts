/**
 * Workflow issues and the activation gate (editor-core 2.3, 4.2, 5.1; onboarding 4).
 *
 * Issues are data: `{ code, severity, stepId, text }`. The UI matches on `code` and shows
 * `text`, which is the spec's exact wording. The server runs the same checks before it
 * switches a workflow on.
 */
import { countText } from '../text/plural.js';
import { lookupPath, parsePath, parseReferences, type Reference } from './path.js';
import { testStateOf } from './test-state.js';
import type { Issue, Step, StepData, StepField, WorkflowData } from './types.js';

/** Issue texts exactly as editor-core 5.1 writes them (and Junction's broken-reference texts). */
export const ISSUE_TEXTS = {
  missingApp: 'Missing app selection.',
  missingEvent: 'Missing event.',
  missingCredential: 'Missing credential.',
  missingField: (name: string) => `Missing field "${name}".`,
  missingTestData: 'Missing test data.',
  testDataError: 'Test data error.',
  /** Junction's: the request, event or account changed since the sample was taken. */
  staleTestData: 'Test data is out of date: test this step again.',
  deletedStep: (raw: string) => `Reference to a deleted step: ${raw}.`,
  notInSample: (stepName: string, raw: string) => `Reference not found in sample data of "${stepName}": ${raw}.`,
  notEarlier: (stepName: string, raw: string) =>
    `Reference to "${stepName}", which does not run before this step: ${raw}.`,
} as const;

/** Whether the step's app needs authentication and no credential is chosen. */
export function isMissingCredential(data: StepData): boolean {
  return data.hasauth && !data.credential;
}

function isCheckedStep(step: Step): boolean {
  // editor-core 5.1: issues are listed per trigger or action step.
  return step.kind === 'trigger' || step.kind === 'action';
}

/** Whether a field value counts as not filled: undefined, null, blank text or an empty list. */
export function isBlankFieldValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

// Collects every reference inside a field value (strings, arrays, plain objects).
function collectReferences(value: unknown, into: Reference[]): void {
  if (typeof value === 'string') {
    for (const ref of parseReferences(value)) into.push(ref);
  } else if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectReferences(item, into);
  }
}

/**
 * Ancestor sets of every step as bitsets, computed once in topological order (linear in
 * steps × links / 32), so "does A run before B" is one bit test even on 1,000 steps.
 */
class AncestorIndex {
  private readonly words: number;
  private readonly bits: Uint32Array;

  /** `indexOf` maps each step id to its index in `steps`. */
  constructor(
    steps: readonly Step[],
    links: WorkflowData['links'],
    private readonly indexOf: ReadonlyMap<string, number>,
  ) {
    const n = steps.length;
    this.words = Math.ceil(n / 32) || 1;
    this.bits = new Uint32Array(n * this.words);
    const parents: number[][] = steps.map(() => []);
    const children: number[][] = steps.map(() => []);
    const pending = new Array<number>(n).fill(0);
    for (const link of links) {
      const s = this.indexOf.get(link.source);
      const t = this.indexOf.get(link.target);
      if (s === undefined || t === undefined || s === t) continue;
      parents[t].push(s);
      children[s].push(t);
      pending[t] += 1;
    }
    const queue: number[] = [];
    for (let i = 0; i < n; i += 1) if (pending[i] === 0) queue.push(i);
    const done = new Uint8Array(n);
    for (let head = 0; head < queue.length; head += 1) {
      const i = queue[head];
      done[i] = 1;
      for (const p of parents[i]) this.addParent(i, p);
      for (const c of children[i]) {
        pending[c] -= 1;
        if (pending[c] === 0) queue.push(c);
      }
    }
    // A cycle should not exist (graph edits refuse one), but a stored document may hold
    // one: give steps on it their ancestors by a plain backward walk.
    for (let i = 0; i < n; i += 1) if (!done[i]) this.walkBack(i, parents);
  }

  private addParent(i: number, p: number): void {
    const w = this.words;
    this.bits[i * w + (p >>> 5)] |= 1 << (p & 31);
    for (let k = 0; k < w; k += 1) this.bits[i * w + k] |= this.bits[p * w + k];
  }

  private walkBack(i: number, parents: number[][]): void {
    const seen = new Set<number>();
    const stack = [...parents[i]];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      this.bits[i * this.words + (p >>> 5)] |= 1 << (p & 31);
      stack.push(...parents[p]);
    }
  }

  /** Whether step `ancestorId` runs before step `stepId` (is reachable backwards from it). */
  runsBefore(ancestorId: string, stepId: string): boolean {
    const a = this.indexOf.get(ancestorId);
    const i = this.indexOf.get(stepId);
    if (a === undefined || i === undefined || a === i) return false;
    return (this.bits[i * this.words + (a >>> 5)] & (1 << (a & 31))) !== 0;
  }
}

/** What the reference check shares across steps during one `findIssues` call. */
interface ReferenceContext {
  /** Index of each step in `wf.steps`, by id. */
  indexOf: ReadonlyMap<string, number>;
  ancestors: AncestorIndex | undefined;
  wf: WorkflowData;
  /** Parsed paths by text: the same reference usually appears in many steps. */
  paths: Map<string, string[] | null>;
}

function parsedPath(ctx: ReferenceContext, path: string): string[] | null {
  let keys = ctx.paths.get(path);
  if (keys === undefined) {
    keys = parsePath(path);
    ctx.paths.set(path, keys);
  }
  return keys;
}

function brokenReference(step: Step, text: string): Issue {
  return { code: 'broken-reference', severity: 'warning', stepId: step.id, text };
}

function referenceIssue(ctx: ReferenceContext, step: Step, ref: Reference): Issue | null {
  const index = ctx.indexOf.get(ref.stepId);
  if (index === undefined) return brokenReference(step, ISSUE_TEXTS.deletedStep(ref.raw));
  const target = ctx.wf.steps[index];
  ctx.ancestors ??= new AncestorIndex(ctx.wf.steps, ctx.wf.links, ctx.indexOf);
  if (!ctx.ancestors.runsBefore(target.id, step.id)) {
    return brokenReference(step, ISSUE_TEXTS.notEarlier(target.data.name, ref.raw));
  }
  // Without a usable sample the path cannot be checked; that step has its own
  // 'Missing test data.' or 'Test data error.' issue.
  const state = testStateOf(target.data).status;
  if (state === 'untested' || state === 'failed') return null;
  const keys = parsedPath(ctx, ref.path);
  if (keys === null || !lookupPath(target.data.testData, keys).found) {
    return brokenReference(step, ISSUE_TEXTS.notInSample(target.data.name, ref.raw));
  }
  return null;
}

function addReferenceIssues(ctx: ReferenceContext, step: Step, fields: readonly StepField[], into: Issue[]): void {
  const refs: Reference[] = [];
  for (const field of fields) collectReferences(field.value, refs);
  for (let i = 0; i < refs.length; i += 1) {
    const ref = refs[i];
    // One warning per distinct reference text; steps hold few references, so a scan is cheap.
    let repeated = false;
    for (let j = 0; j < i && !repeated; j += 1) repeated = refs[j].raw === ref.raw;
    if (repeated) continue;
    const issue = referenceIssue(ctx, step, ref);
    if (issue) into.push(issue);
  }
}

/**
 * Lists the issues of a workflow, step by step in the workflow's step order (editor-core 5.1).
 *
 * For each trigger and action step, each condition is checked on its own (errors):
 * - 'Missing app selection.' (`missing-app`): no app type, or still the placeholder (`type === ''`);
 * - 'Missing event.' (`missing-event`): an action step with no action chosen;
 * - 'Missing credential.' (`missing-credential`): the app needs auth and no credential is set;
 * - 'Missing field "{name}".' (`missing-field`): one per required, non-hidden field whose value
 *   is undefined, null, blank text or an empty list (the field's `name` is shown);
 * - 'Missing test data.' (`missing-test-data`): no test output;
 * - 'Test data error.' (`test-data-error`): the last test failed (its output is an error);
 * - 'Test data is out of date: test this step again.' (`stale-test-data`, Junction's): the
 *   request, event or account changed since the sample was taken (see `testStateOf`).
 *
 * Beyond the spec, `broken-reference` warnings flag each distinct `${stepId.path}` in a field
 * value that points to a deleted step, to a step that does not run before this one, or to a
 * path absent from that step's sample data. Filter and loop-end steps have no issues.
 *
 * Linear in steps, links and field text: maps are built once and each reference is parsed once.
 */
export function findIssues(wf: WorkflowData): Issue[] {
  const indexOf = new Map<string, number>();
  // The first step with an id wins, as a lookup by id would find it.
  for (let i = wf.steps.length - 1; i >= 0; i -= 1) indexOf.set(wf.steps[i].id, i);
  const ctx: ReferenceContext = { indexOf, ancestors: undefined, wf, paths: new Map() };
  const issues: Issue[] = [];
  for (const step of wf.steps) {
    if (!isCheckedStep(step)) continue;
    const { data } = step;
    const stepId = step.id;
    if (!data.type) issues.push({ code: 'missing-app', severity: 'error', stepId, text: ISSUE_TEXTS.missingApp });
    if (step.kind === 'action' && !data.action) {
      issues.push({ code: 'missing-event', severity: 'error', stepId, text: ISSUE_TEXTS.missingEvent });
    }
    if (isMissingCredential(data)) {
      issues.push({ code: 'missing-credential', severity: 'error', stepId, text: ISSUE_TEXTS.missingCredential });
    }
    const fields = data.fields ?? [];
    for (const field of fields) {
      if (field.required && !field.hidden && isBlankFieldValue(field.value)) {
        issues.push({
          code: 'missing-field',
          severity: 'error',
          stepId,
          field: field.name,
          text: ISSUE_TEXTS.missingField(field.name),
        });
      }
    }
    const test = testStateOf(data).status;
    if (test === 'untested') {
      issues.push({ code: 'missing-test-data', severity: 'error', stepId, text: ISSUE_TEXTS.missingTestData });
    } else if (test === 'failed') {
      issues.push({ code: 'test-data-error', severity: 'error', stepId, text: ISSUE_TEXTS.testDataError });
    } else if (test === 'stale') {
      issues.push({ code: 'stale-test-data', severity: 'error', stepId, text: ISSUE_TEXTS.staleTestData });
    }
    addReferenceIssues(ctx, step, fields, issues);
  }
  return issues;
}

/** Groups issues by step id, keeping their order (the issues popover lists them by step). */
export function groupIssuesByStep(issues: readonly Issue[]): Map<string, Issue[]> {
  const byStep = new Map<string, Issue[]>();
  for (const issue of issues) {
    const key = issue.stepId ?? '';
    const list = byStep.get(key);
    if (list) list.push(issue);
    else byStep.set(key, [issue]);
  }
  return byStep;
}

/**
 * The issues button's tooltip (editor-core 2.2): '{n} workflow issues' ('1 workflow issue' for
 * one) or 'No issues to fix'.
 */
export function issuesTooltip(count: number): string {
  return count === 0 ? 'No issues to fix' : countText(count, 'workflow issue');
}
