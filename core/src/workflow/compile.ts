/**
 * The runnable form of a workflow: what the engine walks when a trigger fires (DESIGN "How
 * data flows": a worker loads the compiled plan and walks it). The editor-core 3
 * execution-node form inspired it; {@link toExecutionNodes} produces that form itself.
 */
import type { FieldDef, PollingParams } from '../apps/types.js';
import type { ConditionGroup, StepKind, WorkflowData } from './types.js';

/** One outgoing link of a planned step: the filter to evaluate and the delay before the target. */
export interface PlanLink {
  linkId: string;
  targetId: string;
  /** Filter name, '' when none. */
  name: string;
  /** Condition groups (first AND, the rest OR, editor-core 3); empty means always continue. */
  groups: ConditionGroup[];
  delaySeconds: number;
}

/** The trigger of a plan: what starts a run and where it goes next. */
export interface PlanTrigger {
  stepId: string;
  name: string;
  /** App key (`webhook`, `schedule`, `demo-crm`…). */
  app: string;
  /** Trigger key. */
  event: string;
  fields: FieldDef[];
  credentialId: string | null;
  pollingParams: PollingParams | null;
  performList: string;
  unsubscribe: string;
  webhookKey: string;
  next: PlanLink[];
}

/** One step the engine runs, after its parents. */
export interface PlanStep {
  id: string;
  kind: StepKind;
  name: string;
  /** App key; '' for a filter or loop-end step. */
  app: string;
  /** Action key. */
  event: string;
  /** The app's form-data endpoint. */
  url: string;
  fields: FieldDef[];
  credentialId: string | null;
  /** The step's own delay (editor-core 4.6), on top of the incoming link's delay. */
  delaySeconds: number;
  next: PlanLink[];
}

/** Stable codes of plan problems. */
export type PlanProblemCode = 'no-trigger' | 'placeholder-step' | 'cycle' | 'unreachable-step';

/** Something that keeps a plan from running (`error`) or that the engine will skip (`warning`). */
export interface PlanProblem {
  code: PlanProblemCode;
  severity: 'error' | 'warning';
  stepIds: string[];
  text: string;
}

/** The runnable plan of a workflow, from {@link compileWorkflow}. */
export interface WorkflowPlan {
  workflowId: string;
  name: string;
  active: boolean;
  trigger: PlanTrigger | null;
  /** Steps reachable from the trigger, each after all of its parents (topological order). */
  steps: PlanStep[];
  problems: PlanProblem[];
  /** True when no problem is an error. */
  isRunnable: boolean;
}

/** The editor-core 3 execution-node form of one step. */
export interface ExecutionNode {
  id: string;
  name: string;
  /** App key. */
  type: string;
  url: string;
  inputFields: { operation: string; fields: FieldDef[]; credential: string | null };
  /** The step's test output. */
  outputFields: unknown;
  renderInfo: { x: number; y: number };
  /** Target step id → condition groups; 'default' when the link has no condition. */
  connections: Record<string, ConditionGroup[] | 'default'>;
  /** Seconds to wait before this node runs. */
  delay: number;
}

function outgoingLinks(doc: WorkflowData): Map<string, PlanLink[]> {
  const out = new Map<string, PlanLink[]>();
  for (const link of doc.links) {
    const list = out.get(link.source) ?? [];
    list.push({
      linkId: link.id,
      targetId: link.target,
      name: link.name,
      groups: link.groups,
      delaySeconds: link.delaySeconds,
    });
    out.set(link.source, list);
  }
  return out;
}

/**
 * Compiles a (validated) workflow into the plan the engine walks: the trigger, then every step
 * reachable from it in topological order, each with its outgoing links. Unreachable steps, cycles,
 * placeholders and a missing trigger are reported as problems instead of thrown. The plan
 * shares field and group arrays with `doc`: treat both as read-only.
 *
 * @example
 * const plan = compileWorkflow(document);
 * if (!plan.isRunnable) return plan.problems;
 * for (const step of plan.steps) run(step); // parents always come first
 */
export function compileWorkflow(doc: WorkflowData): WorkflowPlan {
  const problems: PlanProblem[] = [];
  const next = outgoingLinks(doc);
  const byId = new Map(doc.steps.map((s) => [s.id, s]));
  const triggerStep = doc.steps.find((s) => s.kind === 'trigger');
  const plan: WorkflowPlan = {
    workflowId: doc.id,
    name: doc.name,
    active: doc.active,
    trigger: null,
    steps: [],
    problems,
    isRunnable: false,
  };
  if (!triggerStep) {
    problems.push({ code: 'no-trigger', severity: 'error', stepIds: [], text: 'The workflow has no trigger step.' });
    return plan;
  }
  const t = triggerStep.data;
  plan.trigger = {
    stepId: triggerStep.id,
    name: t.name,
    // Legacy triggers sometimes kept the app key only in `app`.
    app: t.type !== '' ? t.type : t.app,
    event: t.action,
    fields: t.fields,
    credentialId: t.credential,
    pollingParams: t.pollingParams,
    performList: t.performList,
    unsubscribe: t.unsubscribe,
    webhookKey: t.webhookKey,
    next: next.get(triggerStep.id) ?? [],
  };

  // Reachability from the trigger, then Kahn's algorithm over the reachable part only.
  const reachable = new Set<string>([triggerStep.id]);
  const queue = [triggerStep.id];
  for (let i = 0; i < queue.length; i++) {
    for (const link of next.get(queue[i]) ?? []) {
      if (byId.has(link.targetId) && !reachable.has(link.targetId)) {
        reachable.add(link.targetId);
        queue.push(link.targetId);
      }
    }
  }
  const inDegree = new Map<string, number>();
  for (const id of reachable) inDegree.set(id, 0);
  for (const link of doc.links) {
    if (reachable.has(link.source) && reachable.has(link.target))
      inDegree.set(link.target, (inDegree.get(link.target) ?? 0) + 1);
  }
  const ready = [...reachable].filter((id) => inDegree.get(id) === 0);
  const ordered: string[] = [];
  for (let i = 0; i < ready.length; i++) {
    const id = ready[i];
    ordered.push(id);
    for (const link of next.get(id) ?? []) {
      const left = (inDegree.get(link.targetId) ?? 0) - 1;
      inDegree.set(link.targetId, left);
      if (left === 0) ready.push(link.targetId);
    }
  }
  const inCycle = [...reachable].filter((id) => (inDegree.get(id) ?? 0) > 0);
  if (inCycle.length > 0) {
    problems.push({
      code: 'cycle',
      severity: 'error',
      stepIds: inCycle,
      text: 'Some steps form a loop: a step cannot run after itself.',
    });
  }

  for (const id of ordered) {
    const step = byId.get(id);
    if (!step || step.kind === 'trigger') continue;
    plan.steps.push({
      id,
      kind: step.kind,
      name: step.data.name,
      app: step.data.type,
      event: step.data.action,
      url: step.data.url,
      fields: step.data.fields,
      credentialId: step.data.credential,
      delaySeconds: step.data.delay,
      next: next.get(id) ?? [],
    });
  }
  const placeholders = doc.steps
    .filter((s) => reachable.has(s.id) && (s.kind === 'trigger' || s.kind === 'action') && s.data.type === '')
    .map((s) => s.id);
  if (placeholders.length > 0) {
    problems.push({
      code: 'placeholder-step',
      severity: 'error',
      stepIds: placeholders,
      text: 'Missing app selection.',
    });
  }
  const unreachable = doc.steps.filter((s) => !reachable.has(s.id)).map((s) => s.id);
  if (unreachable.length > 0) {
    problems.push({
      code: 'unreachable-step',
      severity: 'warning',
      stepIds: unreachable,
      text: 'Some steps are not connected to the trigger and will not run.',
    });
  }
  plan.isRunnable = problems.every((p) => p.severity !== 'error');
  return plan;
}

/**
 * Converts a workflow to the editor-core 3 execution-node form, one node per step in document
 * order. A node's delay is its step delay plus the longest delay on a link into it, since the
 * form has no per-link delay.
 */
export function toExecutionNodes(doc: WorkflowData): ExecutionNode[] {
  const incomingDelay = new Map<string, number>();
  for (const link of doc.links)
    incomingDelay.set(link.target, Math.max(incomingDelay.get(link.target) ?? 0, link.delaySeconds));
  const connections = new Map<string, Record<string, ConditionGroup[] | 'default'>>();
  for (const link of doc.links) {
    const map = connections.get(link.source) ?? {};
    // editor-core 3: the default condition is 'default'.
    map[link.target] = link.groups.length > 0 ? link.groups : 'default';
    connections.set(link.source, map);
  }
  return doc.steps.map((step) => ({
    id: step.id,
    name: step.data.name,
    type: step.data.type,
    url: step.data.url,
    inputFields: { operation: step.data.action, fields: step.data.fields, credential: step.data.credential },
    outputFields: step.data.testData,
    renderInfo: { x: step.position.x, y: step.position.y },
    connections: connections.get(step.id) ?? {},
    delay: step.data.delay + (incomingDelay.get(step.id) ?? 0),
  }));
}
