/**
 * Edits of a workflow as typed change objects (editor-core 4.3, 4.4): every edit the editor
 * makes is one `WorkflowEdit`, applied by {@link applyEdit}, the one function that turns an
 * edit into the next workflow (over the pure graph edits of ./graph.ts). Each kind of edit has
 * its history description in {@link EDIT_DESCRIPTIONS}: a typed constant, never a string
 * written at a call site. The MST model's actions build these objects and apply them.
 */
import {
  addLink,
  addStep,
  deleteStep,
  duplicateStep,
  type IdSource,
  insertStepOnLink,
  type LinkFilter,
  type MoveTarget,
  moveStep,
  type Placement,
  renameStep,
  setLinkDelay,
  setLinkFilter,
  setStepPosition,
  updateStepData,
} from './graph.js';
import { HISTORY_DESCRIPTIONS, type HistoryDescription, UNRECORDED_DESCRIPTION } from './history.js';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { applyStepPatch, chooseOnStep, type StepChoice } from './step-setup.js';
import { recordSample, recordTestResult, type TestOutcome } from './test-state.js';
import type { Link, Step, StepData, WorkflowData } from './types.js';

/** One edit of a workflow. Ids a step or link edit creates are in the object (deterministic). */
export type WorkflowEdit =
  | { type: 'addStep'; step: Step; placement: Placement; newLinkIds: IdSource }
  | { type: 'insertStep'; linkId: string; step: Step; newLinkId: IdSource }
  | { type: 'moveStep'; stepId: string; to: MoveTarget; newLinkIds: IdSource }
  | { type: 'duplicateStep'; stepId: string; ids: IdSource }
  | { type: 'deleteStep'; stepId: string; newLinkIds: IdSource }
  | { type: 'renameStep'; stepId: string; name: string }
  | { type: 'renameWorkflow'; name: string }
  | { type: 'updateStep'; stepId: string; patch: Partial<StepData> }
  /** The set-up form's change: the step's automatic name follows it (core's applyStepPatch). */
  | { type: 'editStepSetup'; stepId: string; patch: Partial<StepData> }
  /** The step's input fields as a whole (the tour's 'Fill it in for me'); the name follows. */
  | { type: 'setStepFields'; stepId: string; fields: StepData['fields'] }
  /** The connected account and its label ('{app} - {name}#{n}'); null disconnects. */
  | { type: 'setStepAccount'; stepId: string; credential: string | null; label: string }
  /** A new label of the connected account (renamed, or the list re-read). */
  | { type: 'relabelStepAccount'; stepId: string; label: string }
  /** A test started at `at` (editor-core 4.8: the test time is set). */
  | { type: 'startStepTest'; stepId: string; at: number }
  /** A test's outcome recorded as the step's sample (core's recordTestResult). */
  | { type: 'recordStepTest'; stepId: string; outcome: TestOutcome }
  /** A trigger sample chosen from `choices` (the first 5 are kept), labelled, at `at`. */
  | { type: 'chooseTriggerSample'; stepId: string; sample: unknown; choices: unknown[]; label: string; at: number }
  | { type: 'chooseOnStep'; stepId: string; choice: StepChoice }
  | { type: 'setStepPosition'; stepId: string; position: Step['position'] }
  | { type: 'addLink'; link: Link }
  | { type: 'setLinkFilter'; linkId: string; filter: LinkFilter }
  | { type: 'setLinkDelay'; linkId: string; delaySeconds: number };

/** The kinds of edit. */
export type WorkflowEditType = WorkflowEdit['type'];

/**
 * The history description of each kind of edit (editor-core 4.3): the described ones get an
 * undo entry; 'step updated' ones do not (a drag groups its positions under 'move step').
 */
export const EDIT_DESCRIPTIONS: Readonly<Record<WorkflowEditType, HistoryDescription>> = {
  addStep: HISTORY_DESCRIPTIONS.addStep,
  insertStep: HISTORY_DESCRIPTIONS.insertStep,
  moveStep: HISTORY_DESCRIPTIONS.moveStep,
  duplicateStep: HISTORY_DESCRIPTIONS.duplicateStep,
  deleteStep: HISTORY_DESCRIPTIONS.deleteStep,
  renameStep: HISTORY_DESCRIPTIONS.updateName,
  renameWorkflow: HISTORY_DESCRIPTIONS.updateName,
  updateStep: UNRECORDED_DESCRIPTION,
  editStepSetup: UNRECORDED_DESCRIPTION,
  setStepFields: UNRECORDED_DESCRIPTION,
  setStepAccount: UNRECORDED_DESCRIPTION,
  relabelStepAccount: UNRECORDED_DESCRIPTION,
  startStepTest: UNRECORDED_DESCRIPTION,
  recordStepTest: UNRECORDED_DESCRIPTION,
  chooseTriggerSample: UNRECORDED_DESCRIPTION,
  chooseOnStep: UNRECORDED_DESCRIPTION,
  setStepPosition: UNRECORDED_DESCRIPTION,
  addLink: UNRECORDED_DESCRIPTION,
  setLinkFilter: UNRECORDED_DESCRIPTION,
  setLinkDelay: UNRECORDED_DESCRIPTION,
};

/**
 * THE way an edit changes a workflow: the next workflow, or `wf` itself when the edit changes
 * nothing (an unknown id, a self-link, an event the app does not have). Pure.
 *
 * @example applyEdit(wf, { type: 'renameStep', stepId: 's1', name: 'Send invoice' })
 */
export function applyEdit(wf: WorkflowData, edit: WorkflowEdit): WorkflowData {
  switch (edit.type) {
    case 'addStep':
      return addStep(wf, edit.step, edit.placement, edit.newLinkIds);
    case 'insertStep':
      return insertStepOnLink(wf, edit.linkId, edit.step, edit.newLinkId);
    case 'moveStep':
      return moveStep(wf, edit.stepId, edit.to, edit.newLinkIds);
    case 'duplicateStep':
      return duplicateStep(wf, edit.stepId, edit.ids);
    case 'deleteStep':
      return deleteStep(wf, edit.stepId, edit.newLinkIds);
    case 'renameStep':
      return renameStep(wf, edit.stepId, edit.name);
    case 'renameWorkflow':
      return wf.name === edit.name ? wf : { ...wf, name: edit.name };
    case 'updateStep':
      return updateStepData(wf, edit.stepId, edit.patch);
    case 'editStepSetup':
      return patchStep(wf, edit.stepId, (step) => applyStepPatch(kindOf(step), step.data, edit.patch));
    case 'setStepFields':
      return patchStep(wf, edit.stepId, (step) => applyStepPatch(kindOf(step), step.data, { fields: edit.fields }));
    case 'setStepAccount':
      return updateStepData(wf, edit.stepId, {
        credential: edit.credential,
        authname: edit.credential === null ? '' : edit.label,
      });
    case 'relabelStepAccount':
      return updateStepData(wf, edit.stepId, { authname: edit.label });
    case 'startStepTest':
      return updateStepData(wf, edit.stepId, { actionTestTime: edit.at });
    case 'recordStepTest':
      return patchStep(wf, edit.stepId, (step) => recordTestResult(step.data, edit.outcome));
    case 'chooseTriggerSample':
      return patchStep(wf, edit.stepId, (step) => ({
        ...recordSample(step.data, edit.sample),
        triggerChoices: edit.choices.slice(0, DOCUMENT_LIMITS.maxTriggerChoices),
        triggerchoice: edit.label,
        triggerChoiceTime: edit.at,
      }));
    case 'chooseOnStep': {
      const step = wf.steps.find((s) => s.id === edit.stepId);
      if (!step) return wf;
      const patch = chooseOnStep(kindOf(step), step.data, edit.choice);
      return patch ? updateStepData(wf, edit.stepId, patch) : wf;
    }
    case 'setStepPosition':
      return setStepPosition(wf, edit.stepId, edit.position);
    case 'addLink':
      return addLink(wf, edit.link);
    case 'setLinkFilter':
      return setLinkFilter(wf, edit.linkId, edit.filter);
    case 'setLinkDelay':
      return setLinkDelay(wf, edit.linkId, edit.delaySeconds);
  }
}

/** The set-up rules' kind of a step: a trigger, else an action. */
function kindOf(step: Step): 'trigger' | 'action' {
  return step.kind === 'trigger' ? 'trigger' : 'action';
}

// Patches a step with what its current data calls for; `wf` itself when the step is missing.
function patchStep(wf: WorkflowData, stepId: string, patchOf: (step: Step) => Partial<StepData>): WorkflowData {
  const step = wf.steps.find((s) => s.id === stepId);
  return step ? updateStepData(wf, stepId, patchOf(step)) : wf;
}

/** Applies edits in order (a drag's positions, a batch from a test). */
export function applyEdits(wf: WorkflowData, edits: readonly WorkflowEdit[]): WorkflowData {
  return edits.reduce(applyEdit, wf);
}
