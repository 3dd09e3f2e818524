/**
 * Webhook handshakes on Junction's `/hooks/{key}`, as an app's webhook trigger declares them
 * (core's `TriggerDef.webhookHandshake` and `webhookFilter`, the portal's format):
 *
 * - `hook-secret` (Asana): the first request carries `X-Hook-Secret`, which must come back in
 *   the answer's header; it is accepted only while Junction is subscribing that hook (a window
 *   opened by {@link HookHandshakes.prepareSubscription}), then stored sealed by the vault. Every
 *   later delivery must carry `X-Hook-Signature` = hex HMAC-SHA256 of the raw body with it.
 * - `client-state` (Microsoft Graph): the subscription is given a fresh `clientState` and
 *   `expirationDateTime`; notifications must carry that clientState (checked in constant time
 *   against the sealed copy). Graph validates a notification URL with `?validationToken=…`
 *   (200 text/plain, the token echoed), answered for any known hook.
 * - Trello checks a callback URL with HEAD before it creates a webhook: 200 for a known key.
 * - `webhookFilter` (Trello sends every action of a board to one URL): stored sealed with the
 *   subscription, a delivery whose body does not hold the text at the path is answered 200 and
 *   ignored (Trello's "new card": `action.type` = `createCard`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDefinition, TriggerDef, WebhookFilter } from '@junction/core';
import { Problem } from '../../kernel/errors.js';
import type { IntegrationDeps } from '../deps.js';
import type { AppRegistry } from '../registry.js';
import type { HookHandshakes, HookRequest } from '../../kernel/contracts/hooks.js';
import { readJson } from '../../store/json.js';
import { createHookSecretsRepo, type HookSecretRow } from '../../store/repos/hook-secrets.js';
import { createWorkflowsRepo } from '../../store/repos/workflows.js';

/**
 * The stored rows' kinds: 'asana' (the hook-secret handshake), 'graph' (client-state),
 * 'filter' (a webhookFilter as JSON). Kept as stored by earlier versions.
 */
const KIND = { hookSecret: 'asana', clientState: 'graph', filter: 'filter' } as const;
/** How long a subscription may take to send its handshake. */
export const HANDSHAKE_WINDOW_MS = 2 * 60_000;
/**
 * How long a Graph subscription lives: 4,230 minutes, the longest every mail, calendar and
 * contact resource accepts. Renewal is not implemented yet: switching the workflow OFF and ON
 * subscribes again.
 */
export const GRAPH_SUBSCRIPTION_MS = 4230 * 60_000;
/** How long a hook's secrets are reused from memory. */
const SECRETS_CACHE_MS = 1_000;
/** Hooks kept in memory at most (cleared when full). */
const SECRETS_CACHE_SIZE = 10_000;
/** Longest validation token echoed (Graph's are a few hundred characters). */
const MAX_VALIDATION_TOKEN = 2048;

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text at a dot-separated path of a JSON body (own keys only), or undefined. */
function textAt(body: unknown, path: string): string | undefined {
  let value: unknown = body;
  for (const key of path.split('.')) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/**
 * The webhook trigger whose declarations a subscription follows: the named one, else the app's
 * only webhook trigger; none (no handshake, no filter) when that is ambiguous.
 */
function webhookTriggerOf(
  app: Pick<AppDefinition, 'triggers'> | undefined,
  event: string | undefined,
): TriggerDef | undefined {
  if (!app) return undefined;
  if (event !== undefined) return Object.hasOwn(app.triggers, event) ? app.triggers[event] : undefined;
  const hooks = Object.values(app.triggers).filter((t) => t.type === 'webhook');
  return hooks.length === 1 ? hooks[0] : undefined;
}

/** Reads a stored filter (undefined when absent or unreadable). */
function parseFilter(text: string | undefined): WebhookFilter | undefined {
  if (text === undefined) return undefined;
  try {
    const filter = JSON.parse(text) as WebhookFilter;
    return typeof filter?.path === 'string' && typeof filter.equals === 'string' ? filter : undefined;
  } catch {
    return undefined;
  }
}

const header = (request: HookRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Compares two texts in constant time (different lengths are simply unequal). */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A hook-secret delivery's signature: hex HMAC-SHA256 of the raw body with the handshake secret. */
export function hookSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Builds the service over the database and the vault. */
export function createHookHandshakes(
  deps: Pick<IntegrationDeps, 'handle' | 'vault' | 'now'> & { registry: Pick<AppRegistry, 'resolve'> },
): HookHandshakes {
  const secretRows = createHookSecretsRepo(deps.handle.db);
  const workflows = createWorkflowsRepo(deps.handle.db);
  const nowIso = () => new Date(deps.now()).toISOString();
  const context = (tenantId: string, kind: string, key: string) => ({ tenantId, credentialId: `hook:${kind}:${key}` });

  /**
   * A hook's rows, read at most once per {@link SECRETS_CACHE_MS} per process (one lookup for a
   * burst of deliveries); this process's own writes drop the entry at once, other processes'
   * are seen within that time.
   */
  const cache = new Map<string, { at: number; rows: Promise<HookSecretRow[]> }>();
  function secretsOf(key: string): Promise<HookSecretRow[]> {
    const at = Date.now();
    const hit = cache.get(key);
    if (hit && at - hit.at < SECRETS_CACHE_MS) return hit.rows;
    const rows = secretRows.listForKey(key);
    if (cache.size >= SECRETS_CACHE_SIZE) cache.clear();
    cache.set(key, { at, rows });
    rows.catch(() => cache.delete(key));
    return rows;
  }

  async function upsert(key: string, kind: string, tenantId: string, secret: string | null, expiresAt: string | null) {
    cache.delete(key);
    const at = nowIso();
    const sealed = secret === null ? null : deps.vault.encrypt(secret, context(tenantId, kind, key));
    const row = {
      tenant_id: tenantId,
      ciphertext: sealed?.ciphertext ?? null,
      nonce: sealed?.nonce ?? null,
      key_version: sealed?.keyVersion ?? null,
      expires_at: expiresAt,
      updated_at: at,
    };
    await secretRows.upsert({ hook_key: key, kind, created_at: at, ...row });
  }

  const workflowOf = (key: string) => workflows.findByHookKey(key);

  const unknownHook = () => new Problem(404, 'Not Found', { detail: 'Webhook not found.' });
  const refused = (detail: string) => new Problem(401, 'Unauthorized', { detail });

  /**
   * The filter of a subscription made before filters were stored with it (a hook without rows):
   * its trigger's declaration, read from the workflow. Only a body shaped like the one such
   * subscriptions had (Trello's new-card trigger: `{ action, model }`) takes this read, so a
   * plain Webhook trigger's deliveries never do.
   */
  async function legacyFilter(key: string, body: Body | undefined): Promise<WebhookFilter | undefined> {
    if (!body || !isObject(body.action) || !isObject(body.model)) return undefined;
    const workflow = await workflowOf(key);
    const doc = workflow
      ? readJson<{ steps?: { kind?: string; data?: { app?: string; action?: string } }[] }>(workflow.document)
      : undefined;
    const step = doc?.steps?.find((s) => s.kind === 'trigger')?.data;
    if (!workflow || !step?.app || !step.action) return undefined;
    const app = await deps.registry.resolve(workflow.tenantId, step.app);
    return webhookTriggerOf(app, step.action)?.webhookFilter;
  }

  return {
    async prepareSubscription(tenantId, key, appSlug, values, event) {
      const trigger = webhookTriggerOf(await deps.registry.resolve(tenantId, appSlug), event);
      // A filter row without a secret clears an earlier subscription's filter.
      const filter = trigger?.webhookFilter;
      await upsert(key, KIND.filter, tenantId, filter ? JSON.stringify(filter) : null, null);
      if (trigger?.webhookHandshake === 'hook-secret') {
        const window = new Date(deps.now() + HANDSHAKE_WINDOW_MS).toISOString();
        await upsert(key, KIND.hookSecret, tenantId, null, window);
        return values;
      }
      if (trigger?.webhookHandshake === 'client-state') {
        const clientState = randomBytes(32).toString('base64url');
        await upsert(key, KIND.clientState, tenantId, clientState, null);
        const expirationDateTime = new Date(deps.now() + GRAPH_SUBSCRIPTION_MS).toISOString();
        return { ...values, clientState, expirationDateTime };
      }
      return values;
    },

    async inspect(key, request) {
      // Trello: HEAD checks that the callback URL exists.
      if (request.method === 'HEAD') {
        if (!(await workflowOf(key))) throw unknownHook();
        return { kind: 'answer', status: 200 };
      }
      // Microsoft Graph: echo the validation token as text within 10 s.
      const token = request.query.validationToken;
      if (typeof token === 'string') {
        if (token === '' || token.length > MAX_VALIDATION_TOKEN) {
          throw new Problem(400, 'Bad Request', {
            detail: 'validationToken is empty or too long.',
            field: 'query.validationToken',
          });
        }
        if (!(await workflowOf(key))) throw unknownHook();
        return { kind: 'answer', status: 200, type: 'text/plain; charset=utf-8', body: token };
      }
      // Asana: the handshake, accepted only while Junction subscribes this hook.
      const offered = header(request, 'x-hook-secret');
      if (offered !== undefined) {
        const pending = await secretRows.find(key, KIND.hookSecret);
        if (!pending || pending.expires_at === null || pending.expires_at < nowIso()) {
          throw new Problem(403, 'Forbidden', {
            detail: 'No webhook with X-Hook-Secret is being set up for this URL.',
          });
        }
        if (offered === '' || offered.length > 512) {
          throw new Problem(400, 'Bad Request', {
            detail: 'X-Hook-Secret is empty or too long.',
            field: 'header.X-Hook-Secret',
          });
        }
        await upsert(key, KIND.hookSecret, pending.tenant_id, offered, null);
        return { kind: 'answer', status: 200, headers: { 'X-Hook-Secret': offered } };
      }

      const secrets = await secretsOf(key);
      const open = (kind: string): string | undefined => {
        const row = secrets.find((r) => r.kind === kind);
        if (!row?.ciphertext || !row.nonce || !row.key_version) return undefined;
        return deps.vault.decrypt(
          { ciphertext: row.ciphertext, nonce: row.nonce, keyVersion: row.key_version },
          context(row.tenant_id, kind, key),
        );
      };
      const body = isObject(request.body) ? request.body : undefined;

      // hook-secret deliveries: signed with the handshake secret. A hook without one (a plain
      // Webhook trigger) is left as it was: its sender's own signatures are not Junction's to check.
      if (secrets.some((r) => r.kind === KIND.hookSecret)) {
        const hookSecret = open(KIND.hookSecret);
        if (hookSecret === undefined) throw refused('The X-Hook-Secret handshake of this webhook is not complete.');
        const signature = header(request, 'x-hook-signature');
        if (signature === undefined) throw refused('X-Hook-Signature is missing.');
        if (!sameText(signature.toLowerCase(), hookSignature(hookSecret, request.rawBody ?? ''))) {
          throw refused('X-Hook-Signature does not match the body.');
        }
        // Asana's heartbeat: an empty list of events.
        if (Array.isArray(body?.events) && body.events.length === 0) return { kind: 'ignore', reason: 'No events.' };
      }

      // client-state notifications: every item carries the subscription's clientState.
      const clientState = open(KIND.clientState);
      if (clientState !== undefined) {
        const notifications = Array.isArray(body?.value) ? (body.value as unknown[]) : [];
        const ok =
          notifications.length > 0 &&
          notifications.every(
            (n) => isObject(n) && typeof n.clientState === 'string' && sameText(n.clientState, clientState),
          );
        if (!ok) throw refused('clientState does not match the subscription.');
      }

      // webhookFilter: keep only the trigger's events.
      const filter = secrets.length > 0 ? parseFilter(open(KIND.filter)) : await legacyFilter(key, body);
      if (filter) {
        const seen = textAt(body, filter.path);
        if (seen !== filter.equals) {
          return { kind: 'ignore', reason: `The trigger does not start on '${seen ?? ''}'.` };
        }
      }
      return { kind: 'deliver' };
    },

    async forget(key) {
      cache.delete(key);
      await secretRows.removeForKey(key);
    },
  };
}
