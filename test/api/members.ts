/**
 * Arranges a workspace with one member of each role for the role tests: the owner signs up,
 * three more people sign up (each with their own first workspace), are added to the owner's
 * workspace with a role (the row invitations write), and switch their session to it.
 */
import type { Role } from '@junction/core';
import { createRepos } from '../../server/src/store/repos/index.js';
import { type Account, type ApiHarness, signUp } from './harness.js';

/** A member of the shared workspace, signed in with it as their current workspace. */
export interface Member extends Account {
  role: Role;
}

/** Adds `account` to `tenantId` with `role` and makes it their session's current workspace. */
export async function joinWorkspace(h: ApiHarness, account: Account, tenantId: string, role: Role): Promise<Member> {
  await createRepos(h.db.db).tenants.addMember({
    userId: account.userId,
    tenantId,
    role,
    createdAt: new Date().toISOString(),
  });
  const res = await h.call('POST', `/api/tenants/${tenantId}/switch`, { token: account.token });
  if (res.status !== 204) throw new Error(`switch answered ${res.status}: ${res.text}`);
  return { ...account, tenantId, role };
}

/** The owner's workspace with a viewer, an editor and an admin in it. */
export async function workspaceWithRoles(h: ApiHarness): Promise<Record<Role, Member>> {
  const owner = await signUp(h, 'owner');
  const others = {} as Record<Role, Member>;
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    others[role] = await joinWorkspace(h, await signUp(h, role), owner.tenantId, role);
  }
  return { ...others, owner: { ...owner, role: 'owner' } };
}
