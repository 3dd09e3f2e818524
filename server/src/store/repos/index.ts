/** All repositories over one database handle or transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { type AuditRepo, createAuditRepo } from './audit.js';
import { type CodesRepo, createCodesRepo } from './codes.js';
import { type CredentialsRepo, createCredentialsRepo } from './credentials.js';
import { createInstanceRepo, type InstanceRepo } from './instance.js';
import { createInvitationsRepo, type InvitationsRepo } from './invitations.js';
import { createSessionsRepo, type SessionsRepo } from './sessions.js';
import { createTenantsRepo, type TenantsRepo } from './tenants.js';
import { createUsersRepo, type UsersRepo } from './users.js';
import { createWorkflowsRepo, type WorkflowsRepo } from './workflows.js';

/** Every repository, sharing one database or transaction. */
export interface Repos {
  users: UsersRepo;
  tenants: TenantsRepo;
  sessions: SessionsRepo;
  codes: CodesRepo;
  workflows: WorkflowsRepo;
  credentials: CredentialsRepo;
  instance: InstanceRepo;
  invitations: InvitationsRepo;
  audit: AuditRepo;
}

/**
 * Builds every repository over `db`; pass a transaction to make several writes atomic.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   const repos = createRepos(trx);
 *   await repos.tenants.insert(tenant);
 *   await repos.tenants.addMember({ userId, tenantId: tenant.id, role: 'owner', createdAt });
 * });
 */
export function createRepos(db: Kysely<Database>): Repos {
  return {
    users: createUsersRepo(db),
    tenants: createTenantsRepo(db),
    sessions: createSessionsRepo(db),
    codes: createCodesRepo(db),
    workflows: createWorkflowsRepo(db),
    credentials: createCredentialsRepo(db),
    instance: createInstanceRepo(db),
    invitations: createInvitationsRepo(db),
    audit: createAuditRepo(db),
  };
}

export type { AuditFilter, AuditListRecord, AuditRecord, AuditRepo } from './audit.js';
export type { CodesRepo, VerificationCodeRecord } from './codes.js';
export type { CredentialRecord, CredentialsRepo, CredentialVisibility, SealedSecret } from './credentials.js';
export type { InstanceRepo, InstanceSettingsRecord, InstanceUserRecord, InstanceWorkspaceRecord } from './instance.js';
export type { InvitationRecord, InvitationsRepo } from './invitations.js';
export type { SessionRecord, SessionsRepo } from './sessions.js';
export type { MembershipRecord, TenantRecord, TenantsRepo } from './tenants.js';
export type { UserRecord, UsersRepo } from './users.js';
export type { WorkflowChange, WorkflowRecord, WorkflowSummaryRecord, WorkflowsRepo } from './workflows.js';
