/**
 * New workflows, sharing as a template and accepting a template (editor-core 2.4, 4.6, 4.9).
 */
import { parseReferences } from './path.js';
import {
  type CoreEnv,
  createStepData,
  type Link,
  type Step,
  type StepData,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowData,
  type WorkflowDocument,
} from './types.js';

/** The default workflow name (editor-core 3). */
export const DEFAULT_WORKFLOW_NAME = 'Untitled Workflow';
/** The name of a first, draft workflow (editor-core 4.6, onboarding 3). */
export const DEFAULT_DRAFT_WORKFLOW_NAME = 'Untitled Workflow (Draft)';
/** The trigger placeholder's name (editor-core 4.6). */
export const TRIGGER_PLACEHOLDER_NAME = 'Click to Add Trigger';
/** The action placeholder's name (editor-core 4.6). */
export const ACTION_PLACEHOLDER_NAME = 'Click to Add Action';
/** Where the placeholders sit (editor-core 4.6, 9). */
export const TRIGGER_PLACEHOLDER_POSITION = { x: 220, y: 40 } as const;
export const ACTION_PLACEHOLDER_POSITION = { x: 220, y: 240 } as const;
/** What an accepted template's name is prefixed with (editor-core 4.9). */
export const TEMPLATE_NAME_PREFIX = 'Template: ';

/**
 * The draft name of a workflow started from an app (editor-core 4.6).
 *
 * @example
 * draftName('Slack'); // 'Slack -> Workflow (Draft)'
 */
export function draftName(app: string): string {
  return `${app} -> Workflow (Draft)`;
}

/**
 * Creates a new, inactive workflow document (editor-core 4.6): a trigger placeholder
 * 'Click to Add Trigger' at (220, 40) and an action placeholder 'Click to Add Action' at
 * (220, 240), joined by one link without filter or delay. Ids come from `env.newId`.
 *
 * @example
 * createNewWorkflow({ newId: () => crypto.randomUUID(), now: Date.now }, { name: draftName('Slack') });
 */
export function createNewWorkflow(env: CoreEnv, options: { id?: string; name?: string } = {}): WorkflowDocument {
  const trigger: Step = {
    id: env.newId(),
    kind: 'trigger',
    position: { ...TRIGGER_PLACEHOLDER_POSITION },
    data: createStepData({ name: TRIGGER_PLACEHOLDER_NAME }),
  };
  const action: Step = {
    id: env.newId(),
    kind: 'action',
    position: { ...ACTION_PLACEHOLDER_POSITION },
    data: createStepData({ name: ACTION_PLACEHOLDER_NAME }),
  };
  const link: Link = { id: env.newId(), source: trigger.id, target: action.id, name: '', groups: [], delaySeconds: 0 };
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: options.id ?? env.newId(),
    name: options.name ?? DEFAULT_WORKFLOW_NAME,
    active: false,
    steps: [trigger, action],
    links: [link],
  };
}

/**
 * Blanks every leaf of a sample while keeping its keys and array lengths, so the Insert
 * Data picker still offers the same paths: every string, number, boolean and null becomes ''.
 *
 * @example
 * blankSample({ user: { id: 7, tags: ['a'] } }); // { user: { id: '', tags: [''] } }
 */
export function blankSample(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankSample);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = blankSample(item);
    return out;
  }
  return '';
}

/** The workflow id a shared template document carries instead of its source workflow's id. */
export const SHARED_TEMPLATE_ID = 'shared-template';

// Fields whose value is an id in the sharer's own workspace.
const WORKSPACE_ID_FIELDS: ReadonlySet<string> = new Set(['formId']);

function sanitizeStepData(data: StepData): StepData {
  return {
    ...data,
    // editor-core 4.9, 6: no account connection, no data.
    credential: null,
    authname: '',
    triggerMessage: '',
    testData: data.testData === null || data.testData === undefined ? data.testData : blankSample(data.testData),
    // Trigger choices are real records of the sharer's account, and the chosen label may be one.
    triggerChoices: data.triggerChoices.map(blankSample),
    triggerchoice: '',
    fields: data.fields.map((field) => (WORKSPACE_ID_FIELDS.has(field.name) ? { ...field, value: '' } : { ...field })),
  };
}

/**
 * Makes a copy of a workflow safe to share as a template (editor-core 2.4, 4.9, 6).
 *
 * Steps lose their credential id, account name and trigger message; test data and trigger
 * choices keep their keys with every value blanked; the chosen trigger choice label is
 * cleared. The user's field values are kept: they are the template's configuration (they
 * hold no credential, which lives only in the vault), except a form trigger's form id. The
 * workflow id becomes {@link SHARED_TEMPLATE_ID}. The copy is inactive. The input is not changed.
 */
export function sanitizeForShare<T extends WorkflowData>(wf: T): T {
  return {
    ...wf,
    // No live id of the sharer's workspace: the workflow id, credential ids, form ids.
    ...('id' in wf ? { id: SHARED_TEMPLATE_ID } : {}),
    active: false,
    steps: wf.steps.map((step) => ({ ...step, position: { ...step.position }, data: sanitizeStepData(step.data) })),
    links: wf.links.map((link) => ({ ...link, groups: link.groups.map((group) => group.map((row) => ({ ...row }))) })),
  };
}

// Rewrites `${oldId.path}` references to the new step ids; other text is kept as written.
function remapText(text: string, ids: ReadonlyMap<string, string>): string {
  const refs = parseReferences(text);
  if (refs.length === 0) return text;
  let out = '';
  let at = 0;
  for (const ref of refs) {
    const next = ids.get(ref.stepId);
    out += text.slice(at, ref.start);
    // raw is '${' + optional spaces + stepId + rest: keep the rest (path and closing brace).
    out +=
      next === undefined ? ref.raw : '${' + next + ref.raw.slice(ref.raw.indexOf(ref.stepId, 2) + ref.stepId.length);
    at = ref.end;
  }
  return out + text.slice(at);
}

function remapValue(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return remapText(value, ids);
  if (Array.isArray(value)) return value.map((item) => remapValue(item, ids));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = remapValue(item, ids);
    return out;
  }
  return value;
}

/**
 * Turns a shared template into a new workflow document (editor-core 4.9).
 *
 * The template is sanitised as for sharing (no credential, account name or trigger
 * message; blanked test data), every workflow, step and link id is new (links and
 * `${stepId.path}` references in field values and filter rows follow their steps), the name
 * is prefixed 'Template: ' and the workflow is inactive.
 *
 * @example
 * acceptTemplate(shared, env).name; // 'Template: Leads to Slack'
 */
export function acceptTemplate(template: WorkflowData, env: CoreEnv): WorkflowDocument {
  const clean = sanitizeForShare(template);
  const ids = new Map<string, string>();
  for (const step of clean.steps) ids.set(step.id, env.newId());
  const steps: Step[] = clean.steps.map((step) => ({
    ...step,
    id: ids.get(step.id)!,
    data: {
      ...step.data,
      fields: step.data.fields.map((field) => ({ ...field, value: remapValue(field.value, ids) })),
    },
  }));
  const links: Link[] = clean.links.map((link) => ({
    ...link,
    id: env.newId(),
    source: ids.get(link.source) ?? link.source,
    target: ids.get(link.target) ?? link.target,
    groups: link.groups.map((group) =>
      group.map((row) => ({ ...row, lhs: remapText(row.lhs, ids), rhs: remapText(row.rhs, ids) })),
    ),
  }));
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: env.newId(),
    name: `${TEMPLATE_NAME_PREFIX}${clean.name}`,
    active: false,
    steps,
    links,
  };
}
