/**
 * The run history's calls (onboarding-and-extras 4 "Replay", 6, 8): the executions list of a
 * workflow, the replay viewer's execution, Replay and Re-run, the editor link, and the manual
 * run of the trigger's menu. A page store of the root (`usePageStore(ExecutionsStoreModel)`);
 * pages keep their view state.
 */
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { type ExecutionListFilters, type ExecutionRow, listExecutionsPage } from './execution-list.js';
import { type ManualRunOutcome, runManually } from './execution-manual-run.js';
import { type ExecutionShape, findEditorLink, type RunOutcome, replay, rerunFrom } from './execution-replay.js';

/** The run history's calls, with the API client of the root's environment. */
export const ExecutionsStoreModel = ApiModel.named('ExecutionsStore').actions((self) => ({
  /** One page of a workflow's executions, newest first. */
  listPage(
    workflowId: string,
    filters: ExecutionListFilters,
    cursor?: string,
  ): Promise<{ items: ExecutionRow[]; nextCursor?: string }> {
    return listExecutionsPage(self.api, workflowId, filters, cursor);
  },
  /** One execution with its document and step runs (the replay viewer). */
  async readExecution(executionId: string): Promise<ExecutionShape> {
    return (await self.api.get('/api/executions/{executionId}', {
      params: { path: { executionId } },
    })) as unknown as ExecutionShape;
  },
  /** Replays an execution and waits for the new run. */
  replay(executionId: string): Promise<RunOutcome> {
    return replay(self.api, executionId);
  },
  /** Runs an execution again from one step, with the original or the latest version. */
  rerunFrom(executionId: string, stepId: string, version: 'original' | 'latest'): Promise<RunOutcome> {
    return rerunFrom(self.api, executionId, stepId, version);
  },
  /** The editor address of a workflow, or null when it no longer exists. */
  findEditorLink(workflowId: string): Promise<string | null> {
    return findEditorLink(self.api, workflowId);
  },
  /** Starts a manual run and follows it, ticking the countdown (onboarding 4, 8). */
  runManually(
    workflow: { id: string; active: boolean },
    onTick: (secondsLeft: number) => void,
  ): Promise<ManualRunOutcome> {
    return runManually(self.api, workflow, { onTick });
  },
}));

/** The executions store's instance type. */
export interface ExecutionsStore extends Instance<typeof ExecutionsStoreModel> {}
