/** The instance's settings row (owner, sign-up policy) and the owner's view of every user and workspace. */
import type { Kysely } from 'kysely';
import type { InstanceWorkspaceView } from '../../kernel/contracts/access.js';
import type { Database } from '../database.js';

const ROW_ID = 'instance';

/** The stored instance settings. */
export interface InstanceSettingsRecord {
  ownerUserId: string | null;
  signupPolicy: string | null;
  signupDomains: string[];
}

/** One user as the instance page lists them. */
export interface InstanceUserRecord {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  disabledAt: string | null;
  workspaces: number;
}

/** One workspace as the instance page lists it: the repository answers the view as is. */
export type InstanceWorkspaceRecord = InstanceWorkspaceView;

/** The user columns the instance's user list reads, and groups its workspace count by. */
const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.email_verified',
  'users.created_at',
  'users.disabled_at',
] as const;

/** Repository of `instance_settings` and the instance-wide lists. */
export interface InstanceRepo {
  settings(): Promise<InstanceSettingsRecord>;
  /** Makes `userId` the owner if there is none yet; true when this call did. */
  claimOwner(userId: string, at: string): Promise<boolean>;
  saveSignupPolicy(policy: string, domains: string[], at: string): Promise<void>;
  listUsers(): Promise<InstanceUserRecord[]>;
  listWorkspaces(): Promise<InstanceWorkspaceRecord[]>;
  /** Sets or clears `disabled_at`; false when the user does not exist. */
  setDisabled(userId: string, disabledAt: string | null): Promise<boolean>;
  /** Whether the user exists and is disabled. */
  isDisabled(userId: string): Promise<boolean>;
}

/** Builds the instance repository over a database or a transaction. */
export function createInstanceRepo(db: Kysely<Database>): InstanceRepo {
  // The row is created on first need; a concurrent creator loses the primary key race harmlessly.
  const ensureRow = async (at: string) => {
    await db
      .insertInto('instance_settings')
      .values({ id: ROW_ID, owner_user_id: null, signup_policy: null, signup_domains: '', updated_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };
  return {
    async settings() {
      const row = await db.selectFrom('instance_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
      return {
        ownerUserId: row?.owner_user_id ?? null,
        signupPolicy: row?.signup_policy ?? null,
        signupDomains: row?.signup_domains ? row.signup_domains.split(',').filter(Boolean) : [],
      };
    },
    async claimOwner(userId, at) {
      await ensureRow(at);
      const result = await db
        .updateTable('instance_settings')
        .set({ owner_user_id: userId, updated_at: at })
        .where('id', '=', ROW_ID)
        .where('owner_user_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async saveSignupPolicy(policy, domains, at) {
      await ensureRow(at);
      await db
        .updateTable('instance_settings')
        .set({ signup_policy: policy, signup_domains: domains.join(','), updated_at: at })
        .where('id', '=', ROW_ID)
        .execute();
    },
    async listUsers() {
      const rows = await db
        .selectFrom('users')
        .leftJoin('memberships', 'memberships.user_id', 'users.id')
        .select((eb) => [...USER_COLUMNS, eb.fn.count<string | number>('memberships.tenant_id').as('workspaces')])
        .groupBy(USER_COLUMNS)
        .orderBy('users.created_at')
        .orderBy('users.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        emailVerified: row.email_verified === 1,
        createdAt: row.created_at,
        disabledAt: row.disabled_at,
        workspaces: Number(row.workspaces),
      }));
    },
    async listWorkspaces() {
      const rows = await db
        .selectFrom('tenants')
        .select((eb) => [
          'tenants.id',
          'tenants.name',
          'tenants.plan',
          'tenants.created_at',
          eb
            .selectFrom('memberships')
            .select((m) => m.fn.countAll<string | number>().as('n'))
            .whereRef('memberships.tenant_id', '=', 'tenants.id')
            .as('members'),
          eb
            .selectFrom('workflows')
            .select((w) => w.fn.countAll<string | number>().as('n'))
            .whereRef('workflows.tenant_id', '=', 'tenants.id')
            .as('workflows'),
          eb
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .select('users.email')
            .whereRef('memberships.tenant_id', '=', 'tenants.id')
            .where('memberships.role', '=', 'owner')
            .orderBy('memberships.created_at')
            .limit(1)
            .as('owner_email'),
        ])
        .orderBy('tenants.created_at')
        .orderBy('tenants.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        plan: row.plan,
        createdAt: row.created_at,
        members: Number(row.members ?? 0),
        workflows: Number(row.workflows ?? 0),
        ownerEmail: row.owner_email ?? null,
      }));
    },
    async setDisabled(userId, disabledAt) {
      const result = await db
        .updateTable('users')
        .set({ disabled_at: disabledAt })
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async isDisabled(userId) {
      const row = await db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
      return row?.disabled_at != null;
    },
  };
}
