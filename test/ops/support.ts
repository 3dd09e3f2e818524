/**
 * Shared pieces of the operator command tests: an installation with one account, a workflow
 * that ran once against a local target, and a connection sealed by the installation's vault.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../server/src/config.js';
import { createVault, loadVaultKeys } from '../../server/src/security/vault.js';
import type { DbHandle } from '../../server/src/store/create-db.js';
import { createCredentialsRepo } from '../../server/src/store/repos/credentials.js';
import { type Account, type ApiHarness, signUp } from '../api/harness.js';
import { createWorkflow, hookPathOf, type Target, waitForExecution } from '../engine/support.js';

/** What {@link seedInstance} made. */
export interface Seeded {
  account: Account;
  workflowId: string;
  executionId: string;
  credentialId: string;
}

/** The secret the seeded connection holds. */
export const SECRET = { apiKey: 'sk-live-operator-test' };

/**
 * Stores a workspace and, given a user id, that user as its owner (rows no route writes without
 * a sign-up); answers the account-shaped ids the other helpers take.
 */
export async function insertWorkspace(
  handle: DbHandle,
  tenantId: string,
  userId?: string,
): Promise<Pick<Account, 'tenantId' | 'userId'>> {
  const at = new Date().toISOString();
  await handle.db
    .insertInto('tenants')
    .values({ id: tenantId, name: tenantId, plan: 'free', plan_status: 'active', created_at: at })
    .execute();
  if (userId) {
    const user = { id: userId, email: `${userId}@example.com`, name: userId, password_hash: 'x', email_verified: 1 };
    await handle.db
      .insertInto('users')
      .values({ ...user, created_at: at })
      .execute();
    await handle.db
      .insertInto('memberships')
      .values({ user_id: userId, tenant_id: tenantId, role: 'owner', created_at: at })
      .execute();
  }
  return { tenantId, userId: userId ?? '' };
}

/** Stores a connection sealed with the configuration's newest vault key; answers its id. */
export async function insertConnection(
  handle: DbHandle,
  config: Config,
  account: Pick<Account, 'tenantId' | 'userId'>,
): Promise<string> {
  const vault = createVault(loadVaultKeys(config));
  const id = randomUUID();
  const at = new Date().toISOString();
  await createCredentialsRepo(handle.db).insert({
    id,
    tenantId: account.tenantId,
    userId: account.userId,
    app: 'http',
    name: 'Operator test connection',
    sealed: vault.encrypt(JSON.stringify(SECRET), { tenantId: account.tenantId, credentialId: id }),
    publicValues: {},
    secretKeys: ['apiKey'],
    lastUsed: null,
    createdAt: at,
    updatedAt: at,
    visibility: 'workspace',
  });
  return id;
}

/** Opens a stored connection with the configuration's keys (throws when none opens it). */
export async function openConnection(handle: DbHandle, config: Config, tenantId: string, id: string): Promise<unknown> {
  const record = await createCredentialsRepo(handle.db).get(tenantId, id);
  if (!record) throw new Error(`connection ${id} is gone`);
  return JSON.parse(createVault(loadVaultKeys(config)).decrypt(record.sealed, { tenantId, credentialId: id }));
}

/** Signs up, creates a webhook → HTTP workflow, runs it once to success and stores a connection. */
export async function seedInstance(h: ApiHarness, target: Target): Promise<Seeded> {
  const account = await signUp(h, 'operator');
  const workflowId = await createWorkflow(h, account.token, { url: target.url('/ok'), name: 'Nightly sync' });
  const hook = await hookPathOf(h, account.token, workflowId);
  const res = await h.call('POST', hook, { body: { amount: 42 } });
  if (res.status >= 300) throw new Error(`webhook answered ${res.status}: ${res.text}`);
  const executionId = res.json.executionId as string;
  await waitForExecution(h, account.token, executionId);
  const credentialId = await insertConnection(h.db, h.config, account);
  return { account, workflowId, executionId, credentialId };
}
