/**
 * The no-access page's one call (onboarding 2 "Editor canvas"; editor-core 2.1 `t`): when the
 * link names a workspace the account belongs to, switch the session to it (core's
 * `workspaceLinkAction`), so the workflow opens there.
 */
import { type WorkspaceLinkAction, workspaceLinkAction } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';

/** The no-access page's store (a page store of the root). */
export const NoAccessStoreModel = ApiModel.named('NoAccessStore').actions((self) => ({
  /**
   * Switches to the link's workspace when the account is a member of it and it is not the
   * current one; answers what was done. Any failure (signed out, the server unreachable, a
   * membership just removed) answers no access: the page then offers the way back.
   */
  async openLinkWorkspace(linkTenantId: string | null): Promise<WorkspaceLinkAction> {
    if (!linkTenantId) return { kind: 'no-access' };
    try {
      const me = await self.server.read('/api/auth/me', undefined);
      const action = workspaceLinkAction(me, linkTenantId);
      if (action.kind === 'switch') {
        await self.server.mutate(
          (api) => api.post('/api/tenants/{tenantId}/switch', { params: { path: { tenantId: action.tenantId } } }),
          { invalidates: [[]] },
        );
      }
      return action;
    } catch {
      return { kind: 'no-access' };
    }
  },
}));
