/**
 * mobx-state-tree models of a workflow: `StepModel`, `LinkListModel`, `WorkflowModel`, with the
 * same snapshot shape as the plain types in ./types.ts (editor-core 3).
 *
 * Edits call the pure functions of ./graph.ts on the current snapshot and apply only what
 * changed, and each described edit becomes one undo entry (editor-core 4.3). Create with the
 * core environment: `WorkflowModel.create(snapshot, { newId, now })`.
 */
import { getEnv, getSnapshot, hasEnv, type Instance, type SnapshotIn, type SnapshotOut, types } from 'mobx-state-tree';
import { applyEdit, EDIT_DESCRIPTIONS, type WorkflowEdit } from './edits.js';
import {
  createLink,
  getAncestorIds,
  indexLinks,
  type LinkFilter,
  type LinkIndex,
  type MoveTarget,
  normalizeLink,
  type Placement,
} from './graph.js';
import {
  applyList,
  diffWorkflow,
  type HistoryDescription,
  type HistoryOptions,
  type LinkPatch,
  type ListChange,
  type StepPatch,
  type WorkflowChange,
  WorkflowHistory,
} from './history.js';
import { chooseOnStep, type StepChoice } from './step-setup.js';
import type { TestOutcome } from './test-state.js';
import { DEFAULT_WORKFLOW_NAME } from './template.js';
import {
  type CoreEnv,
  createStepData,
  type Link,
  normalizeStepData,
  type Step,
  type StepData,
  type WorkflowData,
  type WorkflowDocument,
} from './types.js';

/**
 * The data of one step (editor-core 3 "Step data") as one immutable value, normalized by
 * {@link normalizeStepData}. A step's data changes only as a whole (`patchStepNode` merges a
 * patch into a new object), so one node per step suffices: a model of one node per field made
 * opening 1,000 steps build some 40,000 tree nodes (BENCHMARKS.md "Editor").
 */
export const StepDataModel = types.snapshotProcessor(types.frozen<StepData>(), {
  preProcessor: (snapshot: Partial<StepData> | undefined) => normalizeStepData(snapshot),
});

/** A step on the canvas (editor-core 3 "Canvas element"). */
export const StepModel = types
  .model('Step', {
    // A plain string, not `types.identifier`: nothing resolves steps through MST's identifier
    // cache (`stepById` is the model's own map, list edits splice by id), and registering each
    // id in it (an observable map entry and array per step) was a third of building 1,000
    // steps (BENCHMARKS.md "Editor").
    id: types.string,
    kind: types.enumeration<Step['kind']>('StepKind', ['trigger', 'action', 'filter', 'loopEnd']),
    position: types.frozen<Step['position']>({ x: 0, y: 0 }),
    data: types.optional(StepDataModel, {}),
  })
  .views((self) => ({
    /** True while the step has no app chosen (a 'Click to Add …' placeholder). */
    get isPlaceholder(): boolean {
      return self.data.type === '';
    },
  }));

/**
 * A workflow's links (editor-core 3 "Filter connection") as one immutable list of plain links,
 * each normalized by core's `normalizeLink` (unchanged links keep their objects). A link changes
 * only as a whole (`applyChange` builds the next list, as the history's plain-data apply does),
 * so the list is one node: a node per link and field made opening 1,000 steps build some 7,000
 * tree nodes for the links alone (BENCHMARKS.md "Editor").
 */
export const LinkListModel = types.snapshotProcessor(types.frozen<Link[]>([]), {
  preProcessor: (links: readonly (Pick<Link, 'id' | 'source' | 'target'> & Partial<Link>)[] | undefined) => {
    const list = links ?? [];
    const normal = list.map(normalizeLink);
    return normal.every((link, i) => link === list[i]) ? (list as Link[]) : normal;
  },
});

/** A new step as callers describe it: id and data default (id from `env.newId`). */
export interface StepInput {
  id?: string;
  kind: Step['kind'];
  position: Step['position'];
  data?: Partial<StepData>;
}

/** A workflow: its steps, links, name and activation, with undo history (editor-core 3, 4.3). */
export const WorkflowModel = types
  .model('Workflow', {
    id: types.string,
    name: DEFAULT_WORKFLOW_NAME,
    active: false,
    steps: types.array(StepModel),
    links: LinkListModel,
  })
  .volatile(() => ({
    /** Set in afterCreate; the history of this workflow's edits. */
    historyRef: null as WorkflowHistory | null,
  }))
  .views((self) => ({
    /** The environment passed to `create`; throws a helpful error when it is missing. */
    get env(): CoreEnv {
      const env: Partial<CoreEnv> = hasEnv(self) ? getEnv<Partial<CoreEnv>>(self) : {};
      if (typeof env.newId !== 'function' || typeof env.now !== 'function') {
        throw new Error('WorkflowModel needs its environment: WorkflowModel.create(snapshot, { newId, now }).');
      }
      return env as CoreEnv;
    },
    /** The workflow as plain data (the MST snapshot, structurally shared). */
    get data(): WorkflowData {
      return getSnapshot(self) as WorkflowData;
    },
  }))
  .views((self) => ({
    /** Undo/redo for this workflow (editor-core 4.3). */
    get history(): WorkflowHistory {
      if (!self.historyRef) throw new Error('WorkflowModel history is not ready yet (afterCreate has not run).');
      return self.historyRef;
    },
    /** Parent and child links of every step, recomputed only when steps or links change. */
    get linkIndex(): LinkIndex {
      return indexLinks(self.data);
    },
    /** Step instances by id. */
    get stepMap(): Map<string, IStep> {
      return new Map(self.steps.map((s) => [s.id, s]));
    },
  }))
  .views((self) => ({
    /** Returns the step with this id, or undefined. */
    stepById(id: string): IStep | undefined {
      return self.stepMap.get(id);
    },
    /** Returns the link with this id, or undefined. */
    linkById(id: string): ILink | undefined {
      return self.links.find((l) => l.id === id);
    },
    /** The trigger step, or undefined when the workflow has none. */
    get trigger(): IStep | undefined {
      return self.steps.find((s) => s.kind === 'trigger');
    },
    /** Returns the steps linked into `id`. */
    parentsOf(id: string): IStep[] {
      return stepsFor(
        self.stepMap,
        (self.linkIndex.incoming.get(id) ?? []).map((l) => l.source),
      );
    },
    /** Returns the steps `id` links to. */
    childrenOf(id: string): IStep[] {
      return stepsFor(
        self.stepMap,
        (self.linkIndex.outgoing.get(id) ?? []).map((l) => l.target),
      );
    },
    /** Returns every step upstream of `id`, nearest first (the insert-data picker's list). */
    ancestorsOf(id: string): IStep[] {
      return stepsFor(self.stepMap, getAncestorIds(self.linkIndex, id));
    },
    /** True when there is an edit to undo. */
    get canUndo(): boolean {
      return self.historyRef?.canUndo ?? false;
    },
    /** True when there is an undone edit to redo. */
    get canRedo(): boolean {
      return self.historyRef?.canRedo ?? false;
    },
  }))
  .actions((self) => ({
    /** Applies a change to this tree with minimal MST operations, outside the history. */
    applyChange(change: WorkflowChange): void {
      const { after } = change.props;
      if (after.id !== undefined) self.id = after.id;
      if (after.name !== undefined) self.name = after.name;
      if (after.active !== undefined) self.active = after.active;
      applyListChange(self.steps, change.steps, patchStepNode);
      self.links = applyList(self.links, change.links, (link, patch: LinkPatch) => ({ ...link, ...patch }));
    },
  }))
  .actions((self) => {
    /** Replaces the tree's content with `next` by applying only what differs. */
    function applyData(next: WorkflowData): void {
      const change = diffWorkflow(self.data, next);
      if (change) self.applyChange(change);
    }
    /** Runs a pure graph edit on the current snapshot, applies what changed and records it under `description`. */
    function edit(description: HistoryDescription, compute: (wf: WorkflowData) => WorkflowData): void {
      const current = self.data;
      const next = compute(current);
      if (next !== current) self.history.commit(description, diffWorkflow(current, next));
    }
    function apply(change: WorkflowEdit): void {
      edit(EDIT_DESCRIPTIONS[change.type], (wf) => applyEdit(wf, change));
    }
    function toStep(input: StepInput): Step {
      return {
        id: input.id ?? self.env.newId(),
        kind: input.kind,
        position: input.position,
        data: createStepData(input.data),
      };
    }
    return {
      afterCreate(): void {
        self.historyRef = new WorkflowHistory({
          read: () => self.data,
          apply: (change) => self.applyChange(change),
          now: () => self.env.now(),
        });
      },
      /** Replaces the history, e.g. to set a limit. */
      setHistoryOptions(options: HistoryOptions): void {
        self.historyRef = new WorkflowHistory(
          { read: () => self.data, apply: (change) => self.applyChange(change), now: () => self.env.now() },
          options,
        );
      },
      /**
       * Runs `fn` (which may call several actions) as one undo entry; e.g. a drag committed on drop.
       *
       * @example
       * workflow.group(HISTORY_DESCRIPTIONS.moveStep, () => { workflow.setStepPosition(id, drop); workflow.moveStep(id, { linkId }); });
       */
      group<T>(description: HistoryDescription | undefined, fn: () => T): T {
        return self.history.group(description, fn);
      },
      /**
       * Applies one typed edit (core's `applyEdit`) and records it under its description
       * (`EDIT_DESCRIPTIONS`): the one way every action below changes the workflow.
       */
      apply,
      /** Adds a step after `parentId` and/or before `childId` ('add step'); returns the new step. */
      addStep(input: StepInput, placement: Placement = {}): IStep | undefined {
        const step = toStep(input);
        apply({ type: 'addStep', step, placement, newLinkIds: self.env });
        return self.stepById(step.id);
      },
      /** Inserts a new step on a link ('inserted step'); returns the new step. */
      insertStepOnLink(linkId: string, input: StepInput): IStep | undefined {
        const step = toStep(input);
        apply({ type: 'insertStep', linkId, step, newLinkId: self.env });
        return self.stepById(step.id);
      },
      /** Moves a step next to other steps or onto a link, bridging its old place ('move step'). */
      moveStep(stepId: string, to: MoveTarget): void {
        apply({ type: 'moveStep', stepId, to, newLinkIds: self.env });
      },
      /** Duplicates a step below and after the original ('duplicated step'); returns the copy. */
      duplicateStep(stepId: string): IStep | undefined {
        const copyId = self.env.newId();
        apply({ type: 'duplicateStep', stepId, ids: [copyId, self.env.newId()] });
        return self.stepById(copyId);
      },
      /** Deletes a step, bridging each parent to each child ('delete step'). */
      deleteStep(stepId: string): void {
        apply({ type: 'deleteStep', stepId, newLinkIds: self.env });
      },
      /** Renames a step ('updated name'). */
      renameStep(stepId: string, name: string): void {
        apply({ type: 'renameStep', stepId, name });
      },
      /** Renames the workflow ('updated name'). */
      setName(name: string): void {
        apply({ type: 'renameWorkflow', name });
      },
      /** Merges `patch` into a step's data ('step updated': no undo entry). */
      updateStep(stepId: string, patch: Partial<StepData>): void {
        apply({ type: 'updateStep', stepId, patch });
      },
      /** Applies the set-up form's change; the automatic name follows it (no undo entry). */
      editStepSetup(stepId: string, patch: Partial<StepData>): void {
        apply({ type: 'editStepSetup', stepId, patch });
      },
      /** Sets a step's input fields as a whole; the automatic name follows (no undo entry). */
      setStepFields(stepId: string, fields: StepData['fields']): void {
        apply({ type: 'setStepFields', stepId, fields });
      },
      /** Connects an account to a step with its label, or disconnects with null (no undo entry). */
      setStepAccount(stepId: string, credential: string | null, label = ''): void {
        apply({ type: 'setStepAccount', stepId, credential, label });
      },
      /** Sets the label of a step's connected account (no undo entry). */
      relabelStepAccount(stepId: string, label: string): void {
        apply({ type: 'relabelStepAccount', stepId, label });
      },
      /** Marks a step's test as started at `at` (no undo entry). */
      startStepTest(stepId: string, at: number): void {
        apply({ type: 'startStepTest', stepId, at });
      },
      /** Records a test's outcome as the step's sample (no undo entry). */
      recordStepTest(stepId: string, outcome: TestOutcome): void {
        apply({ type: 'recordStepTest', stepId, outcome });
      },
      /** Chooses a trigger sample from `choices`, labelled `label`, at `at` (no undo entry). */
      chooseTriggerSample(
        stepId: string,
        choice: { sample: unknown; choices: unknown[]; label: string; at: number },
      ): void {
        apply({ type: 'chooseTriggerSample', stepId, ...choice });
      },
      /**
       * Applies a choice of app, event or custom trigger to a trigger or action step (core's
       * `chooseOnStep`: the same resets and automatic name on every path; no undo entry).
       * Returns false when nothing was chosen (no such step or event).
       */
      chooseOnStep(stepId: string, choice: StepChoice): boolean {
        const step = self.stepById(stepId);
        const kind = step?.kind === 'trigger' ? 'trigger' : 'action';
        if (!step || !chooseOnStep(kind, step.data as StepData, choice)) return false;
        apply({ type: 'chooseOnStep', stepId, choice });
        return true;
      },
      /** Sets a step's canvas position (no undo entry of its own; group it, e.g. in a drag). */
      setStepPosition(stepId: string, position: Step['position']): void {
        apply({ type: 'setStepPosition', stepId, position });
      },
      /** Adds a link, ignored on a self-link or duplicate (editor-core 4.4; no undo entry of its own). */
      addLink(link: { id?: string; source: string; target: string }): void {
        apply({ type: 'addLink', link: createLink({ ...link, id: link.id ?? self.env.newId() }) });
      },
      /** Sets a link's filter (no undo entry: not a described edit in editor-core 4.3). */
      setLinkFilter(linkId: string, filter: LinkFilter): void {
        apply({ type: 'setLinkFilter', linkId, filter });
      },
      /** Sets a link's delay in seconds (no undo entry). */
      setLinkDelay(linkId: string, delaySeconds: number): void {
        apply({ type: 'setLinkDelay', linkId, delaySeconds });
      },
      /** Sets the activation flag (no undo entry; activation is its own flow, editor-core 4.2). */
      setActive(active: boolean): void {
        self.active = active;
      },
      /** Undoes the last described edit; returns its description. */
      undo(): string | undefined {
        return self.history.undo();
      },
      /** Redoes the last undone edit; returns its description. */
      redo(): string | undefined {
        return self.history.redo();
      },
      /**
       * Replaces the workflow with a stored document outside the history: server loads and save
       * echoes are not recorded (STYLE "Undo"). Loading another workflow id clears the history.
       */
      loadDocument(doc: WorkflowDocument | WorkflowData): void {
        const isOther = doc.id !== self.id;
        applyData({
          id: doc.id,
          name: doc.name,
          active: doc.active,
          steps: doc.steps.map((s) => ({ ...s, data: createStepData(s.data) })),
          links: doc.links.map(normalizeLink),
        });
        if (isOther) self.history.clear();
      },
    };
  });

/** A step instance. */
export interface IStep extends Instance<typeof StepModel> {}
/** A link instance. */
/** A link of a workflow model: plain, immutable data (the model's links are one frozen list). */
export type ILink = Readonly<Link>;
/** A workflow instance. */
export interface IWorkflow extends Instance<typeof WorkflowModel> {}
/** What `WorkflowModel.create` accepts. */
export interface IWorkflowSnapshotIn extends SnapshotIn<typeof WorkflowModel> {}
/** What `getSnapshot(workflow)` returns: the same shape as `WorkflowData`. */
export interface IWorkflowSnapshotOut extends SnapshotOut<typeof WorkflowModel> {}

/**
 * Creates a workflow model from plain data with the core environment.
 *
 * @example
 * const wf = createWorkflowModel(createNewWorkflow(env), env);
 */
export function createWorkflowModel(data: WorkflowData, env: CoreEnv, options: HistoryOptions = {}): IWorkflow {
  const { id, name, active, steps, links } = data;
  const model = WorkflowModel.create({ id, name, active, steps, links }, env);
  if (options.limit !== undefined) model.setHistoryOptions(options);
  return model;
}

function stepsFor(map: Map<string, IStep>, ids: string[]): IStep[] {
  const out: IStep[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const step = map.get(id);
    if (step && !seen.has(id)) {
      seen.add(id);
      out.push(step);
    }
  }
  return out;
}

function patchStepNode(node: IStep, patch: StepPatch): void {
  if (patch.kind !== undefined) node.kind = patch.kind;
  if (patch.position !== undefined) node.position = patch.position;
  if (patch.data !== undefined) node.data = { ...node.data, ...patch.data };
}

/** Applies an id-keyed list change to an MST array: updates, removals, order, then additions. */
function applyListChange<N extends { id: string }, T extends { id: string }, P>(
  list: { length: number; splice(start: number, count: number, ...items: T[]): unknown; [i: number]: N },
  change: ListChange<T, P>,
  patchNode: (node: N, patch: P) => void,
): void {
  const plain = getSnapshot(list as never) as T[];
  const ids = [
    ...change.updated.map((u) => u.id),
    ...change.removed.map((r) => r.item.id),
    ...change.added.map((a) => a.item.id),
  ];
  if (ids.length === 0 && !change.order) return;
  // A few ids (one edit) are found by scanning; many (a load) through one map.
  const byId = ids.length > 8 ? new Map(plain.map((item, i) => [item.id, i])) : undefined;
  const indexOf = (id: string) =>
    (byId ? byId.get(id) : undefined) ?? (byId ? -1 : plain.findIndex((x) => x.id === id));
  for (const update of change.updated) {
    const at = indexOf(update.id);
    if (at >= 0) patchNode(list[at], update.after);
  }
  // Re-added ids replace the existing item, so a change applies after unrecorded edits too.
  const drop = new Set([...change.removed.map((r) => r.item.id), ...change.added.map((a) => a.item.id)]);
  const dropAt = [...drop]
    .map(indexOf)
    .filter((i) => i >= 0)
    .sort((a, b) => b - a);
  for (const at of dropAt) list.splice(at, 1);
  if (change.order) reorder(list, change.order.after);
  for (const { index, item } of [...change.added].sort((a, b) => a.index - b.index)) {
    list.splice(Math.min(index, list.length), 0, item);
  }
}

function reorder<N extends { id: string }, T>(
  list: { length: number; splice(start: number, count: number, ...items: T[]): unknown; [i: number]: N },
  order: readonly string[],
): void {
  const snapshot = (getSnapshot(list as never) as (T & { id: string })[]).slice();
  const rank = new Map(order.map((id, i) => [id, i]));
  const sorted = snapshot
    .map((item, i) => ({ item, key: rank.get(item.id) ?? order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((r) => r.item);
  list.splice(0, list.length, ...sorted);
}
