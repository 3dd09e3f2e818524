/**
 * Table shapes of Junction's one schema, shared by SQLite and PostgreSQL.
 *
 * Conventions (the same everywhere, so repositories need no dialect switches):
 * - ids are text UUIDs;
 * - timestamps are ISO-8601 UTC text (`Date#toISOString()`), which sorts and compares
 *   correctly as text in both dialects;
 * - booleans are integers 0/1 (SQLite has no boolean type);
 * - JSON columns are `text` in SQLite and `jsonb` in PostgreSQL; only the repositories
 *   touch them, through `writeJson`/`readJson` in ./json.ts.
 */
import type { AccessTables } from './tables/access.js';
import type { AlertTables } from './tables/alerts.js';
import type { AuditTables } from './tables/audit.js';
import type { AppTables } from './tables/apps.js';
import type { ReleaseTables } from './tables/releases.js';
import type { EngineTables } from './tables/engine.js';
import type { FormTables } from './tables/forms.js';
import type { HookTables } from './tables/hooks.js';
import type { StepTables } from './tables/steps.js';
import type { SupportTables } from './tables/support.js';
import type { TemplateTables } from './tables/templates.js';
import type { Generated } from 'kysely';
import type { JsonColumn } from './json.js';
import type { TriggerTables } from './tables/triggers.js';

/** Which SQL engine a database handle talks to. */
export type Dialect = 'sqlite' | 'postgres';

/** `users`: one person; e-mail unique and lower-cased. */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified: number;
  created_at: string;
  /** When the instance owner disabled the account (migration 0015); null: active. */
  disabled_at: string | null;
}

/** `tenants`: a workspace (editor-core 6: plan, planStatus). */
export interface TenantsTable {
  id: string;
  name: string;
  plan: string;
  plan_status: string;
  created_at: string;
}

/** `memberships`: which user belongs to which tenant, with what role. */
export interface MembershipsTable {
  user_id: string;
  tenant_id: string;
  role: string;
  created_at: string;
}

/** `sessions`: bearer sessions; only the sha-256 of the token is stored. */
export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  tenant_id: string;
  expires_at: string;
  created_at: string;
  /** What signed in ('Chrome on Linux', core's describeDevice); null for sessions older than 0011. */
  device: string | null;
  /** When the session was last used (the idle timeout, 0016); null until its first use. */
  last_seen_at: string | null;
}

/** `verification_codes`: the current 4-digit e-mail code of a user (hashed). */
export interface VerificationCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

/** `one_time_tokens`: single-use sign-in link tokens (`c`), hashed. */
export interface OneTimeTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  purpose: string;
  expires_at: string;
  created_at: string;
}

/** `workflows`: one stored workflow document per row, scoped to a tenant. */
export interface WorkflowsTable {
  id: string;
  tenant_id: string;
  name: string;
  active: number;
  document: JsonColumn;
  revision: number;
  created_at: string;
  updated_at: string;
  /** The `/hooks/{key}` key (migration 0012; set on insert, replaced by a rotation). */
  hook_key: string | null;
  /** Its apps and accounts as the lists show them (JSON text; migration 0023, repos/workflow-apps.ts). */
  step_apps: string | null;
  /** Its apps' labels, lower-cased, one a line (the lists' search). */
  app_labels: string | null;
  /** The revision `step_apps` was written at; behind `revision`: summarised again when read. */
  step_apps_revision: number | null;
}

/**
 * `ops_progress` (migration 0025): where a resumable operator job stands, one row per job (the
 * `junction migrate --database` cursor, ops/document-upgrade.ts; store/repos/transfer.ts).
 */
export interface OpsProgressTable {
  job: string;
  /** The last id the job finished (it resumes after it). */
  cursor: string;
  /** The job's running counts (JSON text, written with `writeJson`; text on both dialects). */
  counts: string;
  started_at: string;
  updated_at: string;
}

/** `credentials`: connected accounts; secret values sealed by the vault. */
export interface CredentialsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  app: string;
  name: string;
  /** Base64 AES-256-GCM ciphertext followed by its 16-byte tag. */
  ciphertext: string;
  /** Base64 12-byte nonce. */
  nonce: string;
  /** Fingerprint of the vault key that sealed this row. */
  key_version: string;
  /** Non-secret values in clear (JSON object of strings). */
  public_values: JsonColumn;
  /** Names of the sealed values (JSON array), so views need not decrypt to list them. */
  secret_keys: JsonColumn;
  last_used: string | null;
  created_at: string;
  updated_at: string;
  /** 'private' (its creator only) or 'workspace' (every editor may use it); 0016. */
  visibility: Generated<string>;
}

/**
 * `subscription_intents` (migration 0026): an app webhook subscription made or being removed at
 * a third party outside the transaction that stores it (engine/triggers/intents.ts).
 */
export interface SubscriptionIntentsTable {
  id: string;
  tenant_id: string;
  workflow_id: string;
  /** App slug and trigger key of the subscription. */
  app: string;
  event: string;
  hook_key: string;
  /** The URL the app was given (`{publicUrl}/hooks/{hook_key}`). */
  hook_url: string;
  /** The app's action that removes the subscription. */
  unsubscribe_key: string;
  /** The account the calls go through (its id, never its values). */
  credential_id: string | null;
  /** The app's subscribe answer (its values unsubscribe); null until it came. */
  answer: JsonColumn | null;
  /** 'subscribing' (not yet stored with its workflow) or 'unsubscribing' (to remove at the app). */
  state: string;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the sweep may take it (subscribing: after the grace period; unsubscribing: the next try). */
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
}

/** Every table, as Kysely sees the database (tables by area live in ./tables/). */
export interface Database
  extends EngineTables,
    TriggerTables,
    AppTables,
    StepTables,
    FormTables,
    SupportTables,
    TemplateTables,
    HookTables,
    AccessTables,
    ReleaseTables,
    AuditTables,
    AlertTables {
  users: UsersTable;
  tenants: TenantsTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  one_time_tokens: OneTimeTokensTable;
  workflows: WorkflowsTable;
  ops_progress: OpsProgressTable;
  credentials: CredentialsTable;
  subscription_intents: SubscriptionIntentsTable;
}
