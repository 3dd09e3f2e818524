/**
 * The signed-in member's role in the current workspace, read once per page from
 * GET /api/auth/me (the server-state layer's query every screen shares), and what it allows: core's permission table (`can`), never a screen's own
 * rule. Until the role is known every action reads as allowed; the server checks each call
 * anyway and answers 403 `auth.role`.
 */
import { type Action, can, type Permission, type Role } from '@junction/core';
import { flow } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';

const ALLOWED: Permission = { allowed: true };

/** The member's role and the permissions it gives (a page store of the root). */
export const AccessStoreModel = ApiModel.named('AccessStore')
  .volatile(() => ({
    /** The role in the current workspace; null until read (or when it cannot be). */
    role: null as Role | null,
    isLoading: false,
  }))
  .views((self) => ({
    /** Whether the role allows `action`, with the reason a control shows when it does not. */
    permission(action: Action): Permission {
      return self.role ? can(self.role, action) : ALLOWED;
    },
  }))
  .actions((self) => ({
    /** Reads the role once (again with `force`, after switching workspaces); a failure leaves it unknown. */
    load: flow(function* load(force = false) {
      // No session yet: no tokenless request (it would only answer 401); the page reads the
      // role again once its session is set (EditorPage forces it after the workflow loads).
      if (!self.api.getToken()) return;
      if (!force && (self.isLoading || self.role)) return;
      self.isLoading = true;
      try {
        // Shared with a read of the profile in flight (the layer sends one request).
        const me: { tenants: { role: Role; tenant: { id: string } }[]; currentTenantId: string } =
          yield self.server.read('/api/auth/me', undefined);
        self.role = me.tenants.find((m) => m.tenant.id === me.currentTenantId)?.role ?? null;
      } catch {
        self.role = null;
      } finally {
        self.isLoading = false;
      }
    }),
    /** Sets the role directly (the dashboard already holds GET /api/auth/me's answer). */
    setRole(role: Role | null) {
      self.role = role;
    },
  }));
