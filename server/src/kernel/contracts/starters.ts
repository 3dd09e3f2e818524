/** The StartersService contract: starter workflows and preselected apps from the editor's address (onboarding 2). */
import type { AuthContext, WorkflowView } from '../views.js';

/** The address parameters the service reads. */
export interface StarterInput {
  template?: number;
  app1?: string;
  action1?: string;
  app2?: string;
  action2?: string;
}

/** Starter workflows (implemented by services/starters.ts). */
export interface StartersService {
  /** Creates the workflow the address describes in the caller's tenant (inactive). */
  create(ctx: AuthContext, input: StarterInput): Promise<WorkflowView>;
}
