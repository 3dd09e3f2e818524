/** Tenants (workspaces) and memberships. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** A stored tenant. */
export interface TenantRecord {
  id: string;
  name: string;
  plan: string;
  planStatus: string;
  createdAt: string;
}

/** A user's membership: the tenant and the user's role in it. */
export interface MembershipRecord {
  role: string;
  tenant: TenantRecord;
}

/** Repository of `tenants` and `memberships`. Reads go through a membership, so a user only sees their own tenants. */
export interface TenantsRepo {
  insert(tenant: TenantRecord): Promise<void>;
  addMember(input: { userId: string; tenantId: string; role: string; createdAt: string }): Promise<void>;
  /** The tenant when `userId` is a member of it; undefined otherwise (missing or not theirs). */
  findForMember(userId: string, tenantId: string): Promise<MembershipRecord | undefined>;
  /** Every tenant the user belongs to, oldest membership first. */
  listForUser(userId: string): Promise<MembershipRecord[]>;
  /** The tenant's name, whoever asks (undefined when there is no such tenant). */
  nameOf(tenantId: string): Promise<string | undefined>;
  rename(tenantId: string, name: string): Promise<void>;
  /** Sets the plan and its status (the embedded checkout's upgrade). */
  setPlan(tenantId: string, plan: string, planStatus: string): Promise<void>;
  /** The user's role in the tenant, or undefined when not a member. */
  roleOf(userId: string, tenantId: string): Promise<string | undefined>;
  /** Sets a member's role; answers whether the membership existed. */
  setRole(tenantId: string, userId: string, role: string): Promise<boolean>;
  /** Removes a membership; answers whether it existed. */
  removeMember(tenantId: string, userId: string): Promise<boolean>;
  /** The tenant's members with their user, oldest membership first. */
  listMembers(
    tenantId: string,
  ): Promise<{ userId: string; email: string; name: string; role: string; joinedAt: string }[]>;
}

type JoinedRow = {
  role: string;
  id: string;
  name: string;
  plan: string;
  plan_status: string;
  created_at: string;
};

const toMembership = (row: JoinedRow): MembershipRecord => ({
  role: row.role,
  tenant: { id: row.id, name: row.name, plan: row.plan, planStatus: row.plan_status, createdAt: row.created_at },
});

/** Builds the tenants repository over a database or a transaction. */
export function createTenantsRepo(db: Kysely<Database>): TenantsRepo {
  const joined = () =>
    db
      .selectFrom('memberships')
      .innerJoin('tenants', 'tenants.id', 'memberships.tenant_id')
      .select([
        'memberships.role as role',
        'tenants.id as id',
        'tenants.name as name',
        'tenants.plan as plan',
        'tenants.plan_status as plan_status',
        'tenants.created_at as created_at',
      ]);
  return {
    async nameOf(tenantId) {
      const row = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
      return row?.name;
    },
    async rename(tenantId, name) {
      await db.updateTable('tenants').set({ name }).where('id', '=', tenantId).execute();
    },
    async setPlan(tenantId, plan, planStatus) {
      await db.updateTable('tenants').set({ plan, plan_status: planStatus }).where('id', '=', tenantId).execute();
    },
    async listMembers(tenantId) {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id', 'users.email', 'users.name', 'memberships.role', 'memberships.created_at'])
        .where('memberships.tenant_id', '=', tenantId)
        .orderBy('memberships.created_at')
        .orderBy('users.id')
        .execute();
      return rows.map((row) => ({
        userId: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        joinedAt: row.created_at,
      }));
    },
    async insert(tenant) {
      await db
        .insertInto('tenants')
        .values({
          id: tenant.id,
          name: tenant.name,
          plan: tenant.plan,
          plan_status: tenant.planStatus,
          created_at: tenant.createdAt,
        })
        .execute();
    },
    async addMember({ userId, tenantId, role, createdAt }) {
      await db
        .insertInto('memberships')
        .values({ user_id: userId, tenant_id: tenantId, role, created_at: createdAt })
        .execute();
    },
    async roleOf(userId, tenantId) {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row?.role;
    },
    async setRole(tenantId, userId, role) {
      const result = await db
        .updateTable('memberships')
        .set({ role })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async removeMember(tenantId, userId) {
      const result = await db
        .deleteFrom('memberships')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async findForMember(userId, tenantId) {
      const row = await joined()
        .where('memberships.user_id', '=', userId)
        .where('memberships.tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row && toMembership(row);
    },
    async listForUser(userId) {
      const rows = await joined()
        .where('memberships.user_id', '=', userId)
        .orderBy('memberships.created_at')
        .orderBy('tenants.id')
        .execute();
      return rows.map(toMembership);
    },
  };
}
