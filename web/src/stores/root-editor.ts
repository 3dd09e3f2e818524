/**
 * The root store's editor and onboarding actions (editor-core 2.1, 6; onboarding 2): the
 * boot-time workflow GET handed over by main.tsx, the editor's and onboarding's stores created
 * with the root's environment, and the few requests screens outside the editor share (the
 * plan behind the premium offer, checkout, a shared template's summary).
 */
import type { IAnyModelType, Instance, SnapshotIn } from 'mobx-state-tree';
import type { RootStoreEnv } from './root-env.js';
import { serverStateOf } from './server-state.js';
import type { StoredWorkflow } from './stored-workflow.js';
import { prefetchedAnswer, settledAnswer, type WorkflowPrefetch } from './workflow-prefetch.js';

/** The plan fields the premium offer reads (the contract's Tenant; editor-core 6). */
export interface TenantPlan {
  plan: string;
  planStatus: string;
}

/** What a shared template's welcome shows (GET /api/templates/{templateId}). */
export interface TemplateSummary {
  title: string;
  description: string;
}

/** The editor and onboarding actions of the root store; composed onto it in root-store.tsx. */
export function editorRootActions(self: { readonly env: RootStoreEnv }) {
  let workflowPrefetch: WorkflowPrefetch | null = null;
  const server = () => serverStateOf(self.env.api);
  const takePrefetchedWorkflow = (id: string): Promise<StoredWorkflow | null> | null => {
    const answer = prefetchedAnswer(workflowPrefetch, id, server().api.getToken());
    workflowPrefetch = null;
    return answer;
  };
  // Read, not taken: the render that reads it may be thrown away (see the editor's `openArrived`).
  const settledWorkflow = (id: string, token: string): StoredWorkflow | null =>
    settledAnswer(workflowPrefetch, id, token);
  const releaseWorkflowPrefetch = (): void => {
    workflowPrefetch = null;
  };
  return {
    /** Keeps the workflow GET main.tsx started at boot; the editor's first load takes it. */
    handOverWorkflowPrefetch(prefetch: WorkflowPrefetch | null): void {
      workflowPrefetch = prefetch;
    },
    /** Hands over the boot-time GET of workflow `id` once, when it was made with the current token. */
    takePrefetchedWorkflow,
    /**
     * The boot-time GET's answer for workflow `id` and `token` when it has already arrived;
     * every caller gets it until {@link releaseWorkflowPrefetch}.
     */
    settledWorkflow,
    /** Lets go of the boot-time GET (the editor that opened from it is on screen). */
    releaseWorkflowPrefetch,
    /**
     * Creates a store that lives as long as its screen (the editor store, an onboarding dialog's
     * model) as its own tree with the root's environment, the boot prefetch's hand-over, and
     * `extra` (callbacks such as the editor's `notifyError`). The type is passed in, so the root
     * store does not load the editor's code (the form entry shares it).
     *
     * @example
     * const editor = root.createModel(EditorStore, {}, { notifyError });
     */
    createModel<T extends IAnyModelType>(type: T, snapshot: SnapshotIn<T>, extra: object = {}): Instance<T> {
      return type.create(snapshot, {
        ...self.env,
        takePrefetchedWorkflow,
        settledWorkflow,
        releaseWorkflowPrefetch,
        ...extra,
      });
    },
    /**
     * The plan of the current workspace (editor-core 6: it decides whether premium is
     * offered), from GET /api/auth/me; null when it cannot be read.
     */
    async tenantPlan(): Promise<TenantPlan | null> {
      try {
        const me = await server().read('/api/auth/me', undefined);
        return me.tenants.find((membership) => membership.tenant.id === me.currentTenantId)?.tenant ?? null;
      } catch {
        return null;
      }
    },
    /** Starts checkout for the premium offer (POST /api/checkout); returns where to send the browser. */
    async startCheckout(currentUrl: string): Promise<string> {
      return (await server().mutate((client) => client.post('/api/checkout', { body: { currentUrl } }))).url;
    },
    /** A shared template's title and description (GET /api/templates/{templateId}); throws when it is gone. */
    async templateSummary(templateId: string): Promise<TemplateSummary> {
      const template = await server().read('/api/templates/{templateId}', {
        params: { path: { templateId } },
      });
      return { title: template.title, description: template.description };
    },
  };
}
