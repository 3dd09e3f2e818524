/**
 * The root store's editor and onboarding actions (editor-core 2.1, 6; onboarding 2): the
 * boot-time workflow GET handed over by main.tsx, the editor store created with the root's
 * environment, and the few requests screens outside the editor share (the plan behind the
 * premium offer, checkout, a shared template's summary).
 */
import type { TenantPlan } from '../editor/palette/premium.js';
import {
  createEditorStore,
  type EditorEnv,
  type IEditorStore,
  prefetchedAnswer,
  type StoredWorkflow,
  type WorkflowPrefetch,
} from './editor-store.js';
import type { RootStoreEnv } from './root-store.js';

/** What a shared template's welcome shows (GET /api/templates/{templateId}). */
export interface TemplateSummary {
  title: string;
  description: string;
}

/** The editor and onboarding actions of the root store; composed onto it in root-store.tsx. */
export function editorRootActions(self: { readonly env: RootStoreEnv }) {
  let workflowPrefetch: WorkflowPrefetch | null = null;
  const api = () => self.env.api;
  const takePrefetchedWorkflow = (id: string): Promise<StoredWorkflow | null> | null => {
    const answer = prefetchedAnswer(workflowPrefetch, id, api().getToken());
    workflowPrefetch = null;
    return answer;
  };
  return {
    /** Keeps the workflow GET main.tsx started at boot; the editor's first load takes it. */
    handOverWorkflowPrefetch(prefetch: WorkflowPrefetch | null): void {
      workflowPrefetch = prefetch;
    },
    /** Hands over the boot-time GET of workflow `id` once, when it was made with the current token. */
    takePrefetchedWorkflow,
    /**
     * Creates the editor store with the root's environment; `notifyError` shows a failure
     * (a toast), timers default to the global ones.
     */
    createEditor(
      options: Pick<EditorEnv, 'notifyError'> & Partial<Pick<EditorEnv, 'setTimeout' | 'clearTimeout'>>,
    ): IEditorStore {
      return createEditorStore({ ...self.env, takePrefetchedWorkflow, ...options });
    },
    /**
     * The plan of the current workspace (editor-core 6: it decides whether premium is
     * offered), from GET /api/auth/me; null when it cannot be read.
     */
    async tenantPlan(): Promise<TenantPlan | null> {
      try {
        const me = await api().get('/api/auth/me');
        return me.tenants.find((membership) => membership.tenant.id === me.currentTenantId)?.tenant ?? null;
      } catch {
        return null;
      }
    },
    /** Starts checkout for the premium offer (POST /api/checkout); returns where to send the browser. */
    async startCheckout(currentUrl: string): Promise<string> {
      return (await api().post('/api/checkout', { body: { currentUrl } })).url;
    },
    /** A shared template's title and description (GET /api/templates/{templateId}); throws when it is gone. */
    async templateSummary(templateId: string): Promise<TemplateSummary> {
      const template = await api().get('/api/templates/{templateId}', { params: { path: { templateId } } });
      return { title: template.title, description: template.description };
    },
  };
}
