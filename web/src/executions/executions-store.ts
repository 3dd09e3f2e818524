/**
 * The run history's calls (onboarding-and-extras 4 "Replay", 6, 8): the executions list of a
 * workflow, the replay viewer's execution, Replay and Re-run, the editor link, and the manual
 * run of the trigger's menu. A page store of the root (`usePageStore(ExecutionsStoreModel)`);
 * pages keep their view state. Reads go through the server-state layer: the newest runs are a
 * polled resource, and a run started here invalidates the workflow's lists.
 */
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';
import { type ExecutionListFilters, type ExecutionPage, executionsKey, executionsPageQuery } from './execution-list.js';
import { type ManualRunOutcome, runManually } from './execution-manual-run.js';
import { type ExecutionShape, findEditorLink, type RunOutcome, replay, rerunFrom } from './execution-replay.js';

/** The run history's calls, with the server-state layer of the root's environment. */
export const ExecutionsStoreModel = ApiModel.named('ExecutionsStore').actions((self) => {
  /** A workflow's run lists, changed by a run started here: an observed list asks again at once. */
  const runsKeys = (workflowId: string | undefined) => (workflowId ? [executionsKey(workflowId)] : []);
  return {
    /**
     * The newest page of a workflow's executions as a resource: read inside an observer, it
     * loads, polls while on screen, and stops (aborting its request) when the list goes away.
     */
    newestRuns(workflowId: string, filters: ExecutionListFilters): Resource<ExecutionPage> {
      return resourceOf(executionsPageQuery(self.server, workflowId, filters));
    },
    /** An older page of a workflow's executions (Load more). */
    olderRuns(workflowId: string, filters: ExecutionListFilters, cursor: string): Promise<ExecutionPage> {
      return executionsPageQuery(self.server, workflowId, filters, cursor).fetch();
    },
    /** One execution with its document and step runs (the replay viewer). */
    async readExecution(executionId: string): Promise<ExecutionShape> {
      return (await self.server.read('/api/executions/{executionId}', {
        params: { path: { executionId } },
      })) as unknown as ExecutionShape;
    },
    /** Replays an execution and waits for the new run. */
    async replay(executionId: string, workflowId?: string): Promise<RunOutcome> {
      return replay(self.server, executionId, { invalidates: runsKeys(workflowId) });
    },
    /** Runs an execution again from one step, with the original or the latest version. */
    async rerunFrom(
      executionId: string,
      stepId: string,
      version: 'original' | 'latest',
      workflowId?: string,
    ): Promise<RunOutcome> {
      return rerunFrom(self.server, executionId, stepId, version, { invalidates: runsKeys(workflowId) });
    },
    /** The editor address of a workflow, or null when it no longer exists. */
    findEditorLink(workflowId: string): Promise<string | null> {
      return findEditorLink(self.server, workflowId);
    },
    /** Starts a manual run and follows it, ticking the countdown (onboarding 4, 8). */
    async runManually(
      workflow: { id: string; active: boolean },
      onTick: (secondsLeft: number) => void,
    ): Promise<ManualRunOutcome> {
      return runManually(self.server, workflow, { onTick, invalidates: runsKeys(workflow.id) });
    },
  };
});

/** The executions store's instance type. */
export interface ExecutionsStore extends Instance<typeof ExecutionsStoreModel> {}
