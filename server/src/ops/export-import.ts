/**
 * `junction export` / `junction import`: a workspace, or every workspace of the instance, as one
 * JSON file: workflows (the documents `junction validate` reads), forms, portal apps and, only
 * when a passphrase is given, connections and app client secrets sealed with it
 * (passphrase-box.ts). The file moves between installations and between SQLite and PostgreSQL.
 *
 * Import is idempotent: each row keeps its id (or, when that id is another workspace's, an id
 * derived from the target workspace and the original one), so a second run finds every row and
 * reports it unchanged. Every workflow document goes through core's migrateDocument (validated,
 * legacy ones converted); an invalid one is reported, not stored. New workflows come in OFF and
 * new portal apps as Draft: switching ON and publishing go through their usual checks. A changed
 * workflow that is ON in the target is not overwritten (reported): switch it OFF first.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type AppDefinition, checkNewAppSlug, migrateDocument, validateFormDefinition } from '@junction/core';
import type { Config } from '../config.js';
import { clientSecretContext } from '../integrations/registry.js';
import { createVault, loadVaultKeys } from '../security/vault.js';
import type { DbHandle } from '../store/create-db.js';
import { createFormsRepo } from '../store/repos/forms.js';
import { createRepos } from '../store/repos/index.js';
import { createPortalAppStore } from '../store/repos/portal-apps.js';
import { firstMemberOf, listWorkspaces, ownerOfId, workspaceExists } from '../store/repos/transfer.js';
import { openWithPassphrase, type PassphraseBox, sealWithPassphrase } from './passphrase-box.js';

/** One workspace in an export file. */
export interface ExportedWorkspace {
  id: string;
  name: string;
  workflows: { id: string; name: string; active: boolean; document: unknown }[];
  forms: { id: string; name: string; workflowId: string | null; content: unknown }[];
  apps: {
    slug: string;
    definition: AppDefinition;
    summary: Record<string, unknown>;
    listing: Record<string, unknown> | null;
  }[];
}

/** The sealed part of an export: connections by workspace id, app client secrets by slug. */
interface ExportedSecrets {
  connections: Record<
    string,
    {
      id: string;
      app: string;
      name: string;
      publicValues: Record<string, string>;
      secretKeys: string[];
      visibility: 'private' | 'workspace';
      secrets: Record<string, string>;
    }[]
  >;
  appSecrets: Record<string, string>;
}

/** An export file. */
export interface ExportFile {
  format: 'junction-export';
  formatVersion: 1;
  junctionVersion: string;
  createdAt: string;
  workspaces: ExportedWorkspace[];
  /** Present only when the export was given a passphrase. */
  secrets?: PassphraseBox;
}

/** Options of exportInstance. */
export interface ExportOptions {
  /** One workspace; default every workspace. */
  workspace?: string;
  /** Seals connections and app client secrets with it; without it they are left out. */
  passphrase?: string;
  junctionVersion?: string;
  now?: () => Date;
}

/** A workspace the export or import was pointed at that does not exist. */
export class UnknownWorkspaceError extends Error {
  constructor(readonly workspace: string) {
    super(`No workspace ${workspace} in this installation.`);
    this.name = 'UnknownWorkspaceError';
  }
}

/**
 * Reads a workspace (or every workspace) into an export file.
 *
 * @example
 * const file = await exportInstance(handle, config, { workspace: 't-1', passphrase });
 * writeFileSync('t-1.junction.json', JSON.stringify(file));
 */
export async function exportInstance(
  handle: DbHandle,
  config: Pick<Config, 'dataDir' | 'encryptionKeys'>,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const repos = createRepos(handle.db);
  const forms = createFormsRepo(handle.db);
  const apps = createPortalAppStore(handle.db);
  const all = await listWorkspaces(handle.db);
  const chosen = options.workspace ? all.filter((w) => w.id === options.workspace) : all;
  if (options.workspace && chosen.length === 0) throw new UnknownWorkspaceError(options.workspace);
  const vault = options.passphrase ? createVault(loadVaultKeys(config)) : undefined;
  const secrets: ExportedSecrets = { connections: {}, appSecrets: {} };
  const workspaces: ExportedWorkspace[] = [];
  for (const { id, name } of chosen) {
    const workflows = (await repos.workflows.list(id)).sort((a, b) => a.id.localeCompare(b.id));
    const ownApps = (await apps.listVisibleRecords(id)).filter((a) => a.tenantId === id);
    workspaces.push({
      id,
      name,
      workflows: await Promise.all(
        workflows.map(async (w) => {
          const record = await repos.workflows.get(id, w.id);
          return { id: w.id, name: w.name, active: w.active, document: record?.document };
        }),
      ),
      forms: (await forms.list(id)).map((f) => ({
        id: f.id,
        name: f.name,
        workflowId: f.workflowId,
        content: f.content,
      })),
      apps: ownApps.map((a) => ({ slug: a.slug, definition: a.definition, summary: a.summary, listing: a.listing })),
    });
    if (vault) {
      secrets.connections[id] = (await repos.credentials.list(id)).map((c) => ({
        id: c.id,
        app: c.app,
        name: c.name,
        publicValues: c.publicValues,
        secretKeys: c.secretKeys,
        visibility: c.visibility ?? 'workspace',
        secrets: JSON.parse(vault.decrypt(c.sealed, { tenantId: id, credentialId: c.id })) as Record<string, string>,
      }));
      for (const app of ownApps) {
        if (app.clientSecret) secrets.appSecrets[app.slug] = vault.decrypt(app.clientSecret, clientSecretContext(app));
      }
    }
  }
  return {
    format: 'junction-export',
    formatVersion: 1,
    junctionVersion: options.junctionVersion ?? 'unknown',
    createdAt: (options.now ?? (() => new Date()))().toISOString(),
    workspaces,
    ...(options.passphrase ? { secrets: sealWithPassphrase(JSON.stringify(secrets), options.passphrase) } : {}),
  };
}

/** What an import did with one kind of row. */
export interface ImportTally {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows not imported, with why. */
  failed: { id: string; reason: string }[];
}

/** What an import did. */
export interface ImportReport {
  workspaces: { from: string; into?: string; skipped?: string }[];
  workflows: ImportTally;
  forms: ImportTally;
  apps: ImportTally;
  connections: ImportTally;
  /** True when the file has connections and no passphrase was given: they were not imported. */
  connectionsLeftOut: boolean;
}

/** Options of importInstance. */
export interface ImportOptions {
  /** Import every workspace of the file into this one; default each into the workspace with its id. */
  workspace?: string;
  /** Opens the file's connections (WrongPassphraseError when it does not). */
  passphrase?: string;
  now?: () => Date;
}

const tally = (): ImportTally => ({ created: 0, updated: 0, unchanged: 0, failed: [] });

/** An id for a row moved into `tenantId`: the original one unless another workspace holds it. */
async function idIn(
  handle: DbHandle,
  table: 'workflows' | 'forms' | 'credentials',
  tenantId: string,
  id: string,
): Promise<string> {
  const owner = await ownerOfId(handle.db, table, id);
  if (owner === undefined || owner === tenantId) return id;
  const hex = createHash('sha256').update(`${tenantId}:${table}:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Checks the shape of a parsed export file; answers a reason when it is not one. */
export function checkExportFile(value: unknown): string | undefined {
  const file = value as Partial<ExportFile> | null;
  if (!file || typeof file !== 'object' || file.format !== 'junction-export') return 'not a Junction export file';
  if (file.formatVersion !== 1) return `export format version ${String(file.formatVersion)} is not supported`;
  if (!Array.isArray(file.workspaces)) return 'the file has no workspaces list';
  return undefined;
}

/**
 * Imports an export file into the installation; safe to run twice (the second run reports
 * everything unchanged).
 */
export async function importInstance(
  handle: DbHandle,
  config: Pick<Config, 'dataDir' | 'encryptionKeys'>,
  file: ExportFile,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const reason = checkExportFile(file);
  if (reason) throw new Error(`Cannot import: ${reason}.`);
  if (options.workspace && !(await workspaceExists(handle.db, options.workspace))) {
    throw new UnknownWorkspaceError(options.workspace);
  }
  const secrets =
    file.secrets && options.passphrase
      ? (JSON.parse(openWithPassphrase(file.secrets, options.passphrase)) as ExportedSecrets)
      : undefined;
  const at = (options.now ?? (() => new Date()))().toISOString();
  const repos = createRepos(handle.db);
  const forms = createFormsRepo(handle.db);
  const apps = createPortalAppStore(handle.db);
  const vault = createVault(loadVaultKeys(config));
  const report: ImportReport = {
    workspaces: [],
    workflows: tally(),
    forms: tally(),
    apps: tally(),
    connections: tally(),
    connectionsLeftOut: file.secrets !== undefined && secrets === undefined,
  };

  for (const source of file.workspaces) {
    const into = options.workspace ?? ((await workspaceExists(handle.db, source.id)) ? source.id : undefined);
    if (!into) {
      report.workspaces.push({ from: source.id, skipped: `no workspace ${source.id} here; pass --workspace ID` });
      continue;
    }
    report.workspaces.push({ from: source.id, into });
    const workflowIds = new Map<string, string>();

    for (const w of source.workflows) {
      const migrated = migrateDocument(w.document);
      if (!migrated.ok) {
        const first = migrated.errors[0];
        report.workflows.failed.push({ id: w.id, reason: `${first?.path ?? '$'}: ${first?.message ?? 'invalid'}` });
        continue;
      }
      const id = await idIn(handle, 'workflows', into, w.id);
      workflowIds.set(w.id, id);
      const existing = await repos.workflows.get(into, id);
      const document = { ...migrated.document, id, active: existing?.active ?? false };
      if (!existing) {
        await repos.workflows.insert({
          id,
          tenantId: into,
          name: w.name,
          active: false,
          document,
          revision: 1,
          createdAt: at,
          updatedAt: at,
        });
        report.workflows.created += 1;
      } else if (existing.name === w.name && isDeepStrictEqual(existing.document, document)) {
        report.workflows.unchanged += 1;
      } else if (existing.active) {
        // What runs changes only through the editor's publish (drafts and versions), never underneath.
        report.workflows.failed.push({
          id,
          reason: 'it is ON here; switch it OFF to import a changed version over it',
        });
      } else {
        await repos.workflows.update(into, id, { name: w.name, document, updatedAt: at });
        report.workflows.updated += 1;
      }
    }

    for (const f of source.forms) {
      const checked = validateFormDefinition(f.content);
      if (!checked.ok) {
        const first = checked.errors[0];
        report.forms.failed.push({ id: f.id, reason: `${first?.path || '$'}: ${first?.message ?? 'invalid'}` });
        continue;
      }
      const id = await idIn(handle, 'forms', into, f.id);
      const workflowId = f.workflowId === null ? null : (workflowIds.get(f.workflowId) ?? null);
      const existing = await forms.get(into, id);
      if (!existing) {
        await forms.insert({
          id,
          tenantId: into,
          name: f.name,
          workflowId,
          content: f.content,
          createdAt: at,
          updatedAt: at,
        });
        report.forms.created += 1;
      } else if (
        existing.name === f.name &&
        existing.workflowId === workflowId &&
        isDeepStrictEqual(existing.content, f.content)
      ) {
        report.forms.unchanged += 1;
      } else {
        await forms.update(into, id, { name: f.name, workflowId, content: f.content, updatedAt: at });
        report.forms.updated += 1;
      }
    }

    for (const app of source.apps) {
      const secret = secrets?.appSecrets[app.slug];
      const context = { tenantId: into, slug: app.slug };
      const existing = await apps.findAnyTenant(app.slug);
      if (existing && existing.tenantId !== into) {
        report.apps.failed.push({ id: app.slug, reason: `the slug '${app.slug}' belongs to another workspace here` });
        continue;
      }
      if (!existing) {
        const refused = checkNewAppSlug(app.slug);
        if (refused) {
          report.apps.failed.push({ id: app.slug, reason: refused.message });
          continue;
        }
        await apps.insert({
          slug: app.slug,
          tenantId: into,
          definition: app.definition,
          summary: app.summary,
          clientSecret: secret === undefined ? null : vault.encrypt(secret, clientSecretContext(context)),
          listing: app.listing,
          listingStatus: 'Draft',
          createdAt: at,
          updatedAt: at,
        });
        report.apps.created += 1;
      } else if (isDeepStrictEqual(existing.definition, app.definition)) {
        report.apps.unchanged += 1;
      } else {
        await apps.update(into, app.slug, { definition: app.definition, summary: app.summary, updatedAt: at });
        report.apps.updated += 1;
      }
    }

    const connections = secrets?.connections[source.id] ?? [];
    const owner = connections.length > 0 ? await firstMemberOf(handle.db, into) : undefined;
    for (const c of connections) {
      if (!owner) {
        report.connections.failed.push({ id: c.id, reason: `workspace ${into} has no member to own it` });
        continue;
      }
      const id = await idIn(handle, 'credentials', into, c.id);
      const context = { tenantId: into, credentialId: id };
      const existing = await repos.credentials.get(into, id);
      if (!existing) {
        await repos.credentials.insert({
          id,
          tenantId: into,
          userId: owner,
          app: c.app,
          name: c.name,
          sealed: vault.encrypt(JSON.stringify(c.secrets), context),
          publicValues: c.publicValues,
          secretKeys: c.secretKeys,
          lastUsed: null,
          createdAt: at,
          updatedAt: at,
          visibility: c.visibility,
        });
        report.connections.created += 1;
        continue;
      }
      let stored: unknown;
      try {
        stored = JSON.parse(vault.decrypt(existing.sealed, context));
      } catch {
        stored = undefined;
      }
      if (
        existing.name === c.name &&
        isDeepStrictEqual(existing.publicValues, c.publicValues) &&
        isDeepStrictEqual(stored, c.secrets)
      ) {
        report.connections.unchanged += 1;
      } else {
        await repos.credentials.update(into, id, {
          name: c.name,
          publicValues: c.publicValues,
          secretKeys: c.secretKeys,
          sealed: vault.encrypt(JSON.stringify(c.secrets), context),
          updatedAt: at,
        });
        report.connections.updated += 1;
      }
    }
  }
  return report;
}
