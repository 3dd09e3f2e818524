/**
 * Webhook handshakes of the catalogue apps on Junction's `/hooks/{key}`:
 *
 * - Trello checks a callback URL with HEAD before it creates a webhook: 200 for a known key.
 * - Asana's first request carries `X-Hook-Secret`, which must come back in the answer's
 *   header; it is accepted only while Junction is subscribing that hook (a window opened by
 *   {@link HookHandshakes.prepareSubscription}), then stored sealed by the vault. Every later
 *   delivery must carry `X-Hook-Signature` = hex HMAC-SHA256 of the raw body with it.
 * - Microsoft Graph validates a notification URL with `?validationToken=…` (200 text/plain,
 *   the token echoed); notifications carry the `clientState` Junction gave the subscription,
 *   which is checked (constant time) against the sealed copy.
 * - Trello sends every action of a board: a trigger declared in {@link EVENT_FILTERS} keeps
 *   only its events (Trello's "new card" = `createCard`); others are answered 200 and ignored.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Problem } from '../../kernel/errors.js';
import type { IntegrationDeps } from '../deps.js';
import type { HookHandshakes, HookRequest } from '../../kernel/contracts/hooks.js';
import { readJson } from '../../store/json.js';
import { createHookSecretsRepo, type HookSecretRow } from '../../store/repos/hook-secrets.js';
import { createWorkflowsRepo } from '../../store/repos/workflows.js';

/** Apps whose webhooks start with Asana's X-Hook-Secret handshake. */
const ASANA_APPS = new Set(['asana']);
/** Apps whose subscriptions are Microsoft Graph change notifications (clientState). */
const GRAPH_APPS = new Set(['microsoft-outlook', 'microsoft-teams']);
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

/**
 * Which deliveries a trigger keeps, by `{app}.{trigger}`: services that send every event of a
 * model (Trello: every action on a board) to one URL.
 */
export const EVENT_FILTERS: Record<string, (body: Body) => boolean> = {
  'trello.newCardInstant': (body) => isObject(body.action) && body.action.type === 'createCard',
};

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

/** Asana's signature: hex HMAC-SHA256 of the raw body with the handshake secret. */
export function asanaSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Builds the service over the database and the vault. */
export function createHookHandshakes(deps: Pick<IntegrationDeps, 'handle' | 'vault' | 'now'>): HookHandshakes {
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

  /** The trigger step's app and trigger key of a stored document. */
  function triggerOf(document: unknown): string | undefined {
    const doc = readJson<{ steps?: { kind?: string; data?: { app?: string; action?: string } }[] }>(document);
    const step = doc?.steps?.find((s) => s.kind === 'trigger');
    return step?.data?.app && step.data.action ? `${step.data.app}.${step.data.action}` : undefined;
  }

  return {
    async prepareSubscription(tenantId, key, appSlug, values) {
      if (ASANA_APPS.has(appSlug)) {
        await upsert(key, 'asana', tenantId, null, new Date(deps.now() + HANDSHAKE_WINDOW_MS).toISOString());
        return values;
      }
      if (GRAPH_APPS.has(appSlug)) {
        const clientState = randomBytes(32).toString('base64url');
        await upsert(key, 'graph', tenantId, clientState, null);
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
        const pending = await secretRows.find(key, 'asana');
        if (!pending || pending.expires_at === null || pending.expires_at < nowIso()) {
          throw new Problem(403, 'Forbidden', { detail: 'No Asana webhook is being set up for this URL.' });
        }
        if (offered === '' || offered.length > 512) {
          throw new Problem(400, 'Bad Request', {
            detail: 'X-Hook-Secret is empty or too long.',
            field: 'header.X-Hook-Secret',
          });
        }
        await upsert(key, 'asana', pending.tenant_id, offered, null);
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

      // Asana deliveries: signed with the handshake secret. A hook without one (a plain Webhook
      // trigger) is left as it was: its sender's own signatures are not Junction's to check.
      if (secrets.some((r) => r.kind === 'asana')) {
        const asanaSecret = open('asana');
        if (asanaSecret === undefined) throw refused('The Asana handshake of this webhook is not complete.');
        const signature = header(request, 'x-hook-signature');
        if (signature === undefined) throw refused('X-Hook-Signature is missing.');
        if (!sameText(signature.toLowerCase(), asanaSignature(asanaSecret, request.rawBody ?? ''))) {
          throw refused('X-Hook-Signature does not match the body.');
        }
        // Asana's heartbeat: an empty list of events.
        if (Array.isArray(body?.events) && body.events.length === 0) return { kind: 'ignore', reason: 'No events.' };
        return { kind: 'deliver' };
      }

      // Microsoft Graph notifications: every item carries the subscription's clientState.
      const clientState = open('graph');
      if (clientState !== undefined) {
        const notifications = Array.isArray(body?.value) ? (body.value as unknown[]) : [];
        const ok =
          notifications.length > 0 &&
          notifications.every(
            (n) => isObject(n) && typeof n.clientState === 'string' && sameText(n.clientState, clientState),
          );
        if (!ok) throw refused('clientState does not match the subscription.');
        return { kind: 'deliver' };
      }

      // Trello (and any model-wide sender): keep only the trigger's events.
      if (body && isObject(body.action) && isObject(body.model)) {
        const workflow = await workflowOf(key);
        const filter = workflow ? EVENT_FILTERS[triggerOf(workflow.document) ?? ''] : undefined;
        if (filter && !filter(body)) {
          return { kind: 'ignore', reason: `The trigger does not start on '${String(body.action.type)}'.` };
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
