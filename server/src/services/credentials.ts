/**
 * Credentials (connected accounts) of the caller's tenant. Every value is secret unless the
 * app's definition marks its field public (core's `splitCredentialValues`): secrets are sealed
 * by the vault and answered as SECRET_SENTINEL; sending the sentinel back keeps the stored
 * value. Only `reveal` (server-internal, for the engine) decrypts.
 */
import { publicCredentialKeys, splitCredentialValues } from '@junction/core';
import { forbidden, notFound, unprocessable } from '../kernel/errors.js';
import type { AccountCheck } from '../integrations/auth/account-check.js';
import { type CredentialHealth, createCredentialStatusRepo } from '../store/repos/credential-auth.js';
import type { CredentialRecord } from '../store/repos/index.js';
import { nowIso } from '../kernel/clock.js';
import type { ServiceDeps } from '../deps.js';
import { type AppRegistry, createAppRegistry } from '../integrations/registry.js';
import { type AuthContext, type CredentialView, SECRET_SENTINEL, type Services } from '../kernel/types.js';
import { assertUsable, checkVisibility, isUsableBy } from './connection-access.js';
import { toCredentialView } from './views.js';

/** Longest accepted credential name. */
const NAME_MAX = 200;

/** Options of {@link createCredentialsService}. */
export interface CredentialsServiceOptions {
  /**
   * Proves API-key and basic-auth values with the app's test request before they are saved
   * (create and 'Update connection info'); a refusal is a 422 with the service's answer.
   */
  checkAccount?: AccountCheck;
}

/** Builds the credentials service. */
export function createCredentialsService(
  deps: ServiceDeps & { registry?: AppRegistry },
  options: CredentialsServiceOptions = {},
): Services['credentials'] {
  const { repos, vault } = deps;
  const registry = deps.registry ?? createAppRegistry(deps);
  const appOf = (tenantId: string, slug: string) => registry.resolve(tenantId, slug);
  const statuses = createCredentialStatusRepo(deps.handle.db);

  /** Views with their health (needsReconnect, statusMessage, checkedAt) from credential_auth. */
  const withHealth = async (tenantId: string, stored: CredentialRecord[]): Promise<CredentialView[]> => {
    const records = await sealLegacyValues(tenantId, stored);
    const health = await statuses.healthOf(
      tenantId,
      records.map((r) => r.id),
    );
    return records.map((r): CredentialView & CredentialHealth => ({
      ...toCredentialView(r),
      ...(health.get(r.id) ?? { needsReconnect: false }),
    }));
  };
  const oneWithHealth = async (record: CredentialRecord): Promise<CredentialView> =>
    (await withHealth(record.tenantId, [record]))[0] as CredentialView;

  // Another member's private connection cannot be opened, used or tested (core's connectionRefusal).
  const findOwn = async (ctx: AuthContext, id: string): Promise<CredentialRecord> => {
    const found = typeof id === 'string' ? await repos.credentials.get(ctx.tenantId, id) : undefined;
    if (!found) throw notFound('Credential');
    assertUsable(found, ctx);
    return found;
  };

  const openSecrets = (c: CredentialRecord): Record<string, string> =>
    JSON.parse(vault.decrypt(c.sealed, { tenantId: c.tenantId, credentialId: c.id })) as Record<string, string>;

  const checkValues = (values: unknown): Record<string, string> => {
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw unprocessable('Values must be an object of texts.', 'values');
    }
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string') throw unprocessable('Each value must be text.', `values.${key}`);
    }
    return values as Record<string, string>;
  };

  const checkName = (name: unknown): string => {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (trimmed === '') throw unprocessable("Name can't be blank.", 'name');
    if (trimmed.length > NAME_MAX) throw unprocessable(`Name must be at most ${NAME_MAX} characters.`, 'name');
    return trimmed;
  };

  /** Nothing is saved when the service refuses the values: its own answer is the 422's detail. */
  const proveValues = async (tenantId: string, app: string, values: Record<string, string>) => {
    if (!options.checkAccount) return;
    const result = await options.checkAccount(tenantId, app, values);
    if (!result.ok) throw unprocessable(result.message, 'values');
  };

  /**
   * Rows written when only values named like secrets were sealed keep others (a passphrase, a
   * PIN) readable: they are sealed now, before anything is answered.
   */
  const sealLegacyValues = async (tenantId: string, records: CredentialRecord[]): Promise<CredentialRecord[]> => {
    const publicKeysByApp = new Map<string, Set<string>>();
    const out: CredentialRecord[] = [];
    for (const record of records) {
      let publicKeys = publicKeysByApp.get(record.app);
      if (!publicKeys) {
        publicKeys = publicCredentialKeys(await appOf(tenantId, record.app));
        publicKeysByApp.set(record.app, publicKeys);
      }
      const keys = publicKeys;
      if (Object.keys(record.publicValues).every((key) => keys.has(key))) {
        out.push(record);
        continue;
      }
      const values = { ...record.publicValues, ...openSecrets(record) };
      const patch = await seal(tenantId, record.id, values, record.app);
      await repos.credentials.update(tenantId, record.id, patch);
      out.push({ ...record, ...patch });
    }
    return out;
  };

  /** Seals the secret part of `values` (all but the app's public fields) for one credential row. */
  const seal = async (tenantId: string, id: string, values: Record<string, string>, app: string) => {
    const { secrets, publicValues } = splitCredentialValues(await appOf(tenantId, app), values);
    const sealed = vault.encrypt(JSON.stringify(secrets), { tenantId, credentialId: id });
    return { sealed, publicValues, secretKeys: Object.keys(secrets) };
  };

  return {
    async list(ctx, filter) {
      const app = typeof filter?.app === 'string' && filter.app !== '' ? filter.app : undefined;
      const all = await repos.credentials.list(ctx.tenantId, { app });
      return withHealth(
        ctx.tenantId,
        all.filter((c) => isUsableBy(c, ctx.userId)),
      );
    },

    async get(ctx, id) {
      return oneWithHealth(await findOwn(ctx, id));
    },

    async create(ctx, input) {
      const app = typeof input.app === 'string' ? input.app.trim() : '';
      if (app === '') throw unprocessable("App can't be blank.", 'app');
      const values = checkValues(input.values ?? {});
      for (const [key, value] of Object.entries(values)) {
        if (value === SECRET_SENTINEL) throw unprocessable('There is no stored value to keep.', `values.${key}`);
      }
      const name = input.name === undefined ? app : checkName(input.name);
      await proveValues(ctx.tenantId, app, values);
      const id = deps.newId();
      const at = nowIso(deps);
      const record: CredentialRecord = {
        id,
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        app,
        name,
        ...(await seal(ctx.tenantId, id, values, app)),
        lastUsed: null,
        createdAt: at,
        updatedAt: at,
        visibility: checkVisibility(input.visibility) ?? 'private',
      };
      await repos.credentials.insert(record);
      await deps.audit?.record(ctx, {
        action: 'connection.created',
        target: id,
        detail: { app, name, visibility: record.visibility },
      });
      return oneWithHealth(record);
    },

    async update(ctx, id, input) {
      const existing = await findOwn(ctx, id);
      const patch: Parameters<typeof repos.credentials.update>[2] = { updatedAt: nowIso(deps) };
      const visibility = checkVisibility(input.visibility);
      if (visibility !== undefined && visibility !== existing.visibility) {
        // Only its creator shares a connection or takes it back.
        if (existing.userId !== ctx.userId) {
          throw forbidden('Only the member who made this connection can change who may use it.');
        }
        patch.visibility = visibility;
      }
      if (input.name !== undefined) patch.name = checkName(input.name);
      if (input.lastUsed !== undefined) {
        const ms = typeof input.lastUsed === 'string' ? Date.parse(input.lastUsed) : Number.NaN;
        if (Number.isNaN(ms)) throw unprocessable('Last used must be a date and time.', 'lastUsed');
        patch.lastUsed = new Date(ms).toISOString();
      }
      if (input.values !== undefined) {
        const given = checkValues(input.values);
        const stored = { ...existing.publicValues, ...openSecrets(existing) };
        const next: Record<string, string> = {};
        for (const [key, value] of Object.entries(given)) {
          if (value !== SECRET_SENTINEL) next[key] = value;
          else if (key in stored) next[key] = stored[key] as string;
          else throw unprocessable('There is no stored value to keep.', `values.${key}`);
        }
        await proveValues(ctx.tenantId, existing.app, next);
        // Re-sealing also moves the row to the newest key.
        Object.assign(patch, await seal(ctx.tenantId, id, next, existing.app));
      }
      if (!(await repos.credentials.update(ctx.tenantId, id, patch))) throw notFound('Credential');
      // New values are a new chance: the health of the old ones no longer applies.
      if (input.values !== undefined) {
        await statuses.setHealth(ctx.tenantId, id, { needsReconnect: false, statusMessage: null }, nowIso(deps));
      }
      return oneWithHealth({ ...existing, ...patch } as CredentialRecord);
    },

    async remove(ctx, id) {
      const found = await findOwn(ctx, id);
      if (!(await repos.credentials.remove(ctx.tenantId, id))) throw notFound('Credential');
      await deps.audit?.record(ctx, {
        action: 'connection.deleted',
        target: id,
        detail: { app: found.app, name: found.name },
      });
    },

    async reveal(ctx, id) {
      const found = await findOwn(ctx, id);
      return { ...found.publicValues, ...openSecrets(found) };
    },
  };
}
