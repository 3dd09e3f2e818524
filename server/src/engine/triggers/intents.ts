/**
 * Subscription intents (RELIABILITY.md "Third-party subscriptions through a crash"): an app
 * webhook subscription is made at the third party before the transaction that stores it with
 * its workflow (DESIGN "A workflow's life"). A process that dies between the app's answer and
 * that commit would leave the subscription behind at the app forever, calling a hook URL no
 * workflow knows. So the subscription is first written down (`subscribing`), its answer stored
 * on it as it comes, and the commit deletes it in the same transaction. What a dead process left
 * is finished by {@link SubscriptionIntents.sweep}: it unsubscribes with the stored answer,
 * retrying with backoff, and gives up after {@link GIVE_UP_MS}.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/database.js';
import {
  createSubscriptionIntentsRepo,
  type NewIntent,
  type SubscriptionIntent,
} from '../../store/repos/subscription-intents.js';
import type { TriggerContext } from './context.js';
import { unsubscribeApp } from './subscriptions.js';

/**
 * How long a `subscribing` intent belongs to the process that wrote it. Longer than a subscribe
 * call can take (3 tries of at most 30 s, the HTTP client's timeout, and their pauses), so the
 * sweep never takes a subscription a live process is still about to store.
 */
export const SUBSCRIBE_GRACE_MS = 2 * 60_000;
/** How long a claimed removal is left to the process that claimed it before another may try. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** A removal the app keeps refusing is given up after this long (logged as an error). */
export const GIVE_UP_MS = 3 * 24 * 60 * 60_000;
/** First pause after a failed removal; doubled each attempt up to {@link MAX_BACKOFF_MS}. */
const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** Intents handled per sweep. */
const SWEEP_BATCH = 100;

/** What a stored subscription needs to be removed at the app. */
export interface StoredSubscription {
  app: string;
  subscription?: unknown;
  hookUrl?: string;
  unsubscribeKey?: string;
  credentialId?: string | null;
}

/**
 * Removes a stored subscription at its app with the values of its answer; answers the error text
 * when it could not (secrets hidden by `unsubscribeApp`).
 */
export async function unsubscribeStored(
  ctx: TriggerContext,
  tenantId: string,
  stored: StoredSubscription,
  stepValues: Record<string, unknown> = {},
): Promise<string | undefined> {
  const { deps } = ctx;
  const app = await deps.registry.resolve(tenantId, stored.app);
  if (!app) return `The app '${stored.app}' is no longer available to unsubscribe from.`;
  try {
    const credential = stored.credentialId
      ? await deps.credentialResolver.valuesFor(tenantId, stored.credentialId, app)
      : undefined;
    const call = { app, credential, base: deps.config.publicUrl, http: ctx.httpFor(app) };
    const outcome = await unsubscribeApp(
      call,
      stored.unsubscribeKey ?? '',
      stored.subscription,
      stepValues,
      stored.hookUrl ?? '',
    );
    return outcome.ok ? undefined : `${app.appName} refused to unsubscribe: ${outcome.error}`;
  } catch (error) {
    return `${app.appName} could not be unsubscribed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** What a subscription about to be made is. */
export type IntentFor = Omit<NewIntent, 'id' | 'nextAttemptAt' | 'createdAt'>;

/** The intents of this process. */
export interface SubscriptionIntents {
  /** Writes a `subscribing` intent before the app is asked; answers its id. */
  begin(intent: IntentFor): Promise<string>;
  /** Stores the app's answer; false when the sweep took the intent (too slow: do not commit). */
  answered(id: string, answer: unknown): Promise<boolean>;
  /** Forgets an intent whose subscribe was refused (nothing was made at the app). */
  drop(id: string): Promise<void>;
  /** In the commit's transaction: false when the sweep took the intent (the commit must fail). */
  settleIn(db: Kysely<Database>, id: string): Promise<boolean>;
  /**
   * The commit failed: removes the subscription now with `remove`; when that fails the intent
   * stays for the sweep. Nothing when the sweep already took it.
   */
  undo(id: string, remove: () => Promise<string | undefined>): Promise<void>;
  /** Finishes what dead processes left (see the module comment); safe to run in several processes. */
  sweep(): Promise<void>;
}

/** Pause before the next try after `attempts` failed removals. */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Builds the intents over the triggers' context. */
export function createSubscriptionIntents(ctx: TriggerContext): SubscriptionIntents {
  const { deps } = ctx;
  const repo = createSubscriptionIntentsRepo(deps.handle.db);
  const later = (ms: number) => new Date(deps.now() + ms).toISOString();

  /** True when the workflow's stored subscription is this intent's (a commit that happened). */
  async function committed(intent: SubscriptionIntent): Promise<boolean> {
    const sub = await ctx.subs.get(intent.tenantId, intent.workflowId);
    return (
      sub?.kind === 'app-webhook' &&
      sub.state.hookUrl === intent.hookUrl &&
      isDeepStrictEqual(sub.state.subscription, intent.answer)
    );
  }

  /** Tries one claimed removal; done or given up: the intent is deleted. */
  async function remove(intent: SubscriptionIntent, attempts: number): Promise<void> {
    const where = { tenantId: intent.tenantId, workflowId: intent.workflowId, app: intent.app, intentId: intent.id };
    if (await committed(intent)) {
      await repo.remove(intent.id);
      return;
    }
    const problem = await unsubscribeStored(ctx, intent.tenantId, {
      app: intent.app,
      subscription: intent.answer,
      hookUrl: intent.hookUrl,
      unsubscribeKey: intent.unsubscribeKey,
      credentialId: intent.credentialId,
    });
    if (!problem) {
      await repo.remove(intent.id);
      deps.logger.info(where, 'Removed an app webhook subscription no workflow stored');
    } else if (deps.now() - Date.parse(intent.createdAt) >= GIVE_UP_MS) {
      await repo.remove(intent.id);
      deps.logger.error(
        { ...where, attempts, problem },
        'Gave up removing an app webhook subscription no workflow stored: remove it at the app by hand',
      );
    } else {
      await repo.retryAt(intent.id, problem, later(backoffMs(attempts)), ctx.nowIso());
      deps.logger.warn({ ...where, attempts }, `${problem} (tried again later)`);
    }
  }

  return {
    async begin(intent) {
      const id = randomUUID();
      const at = ctx.nowIso();
      await repo.begin({ ...intent, id, nextAttemptAt: later(SUBSCRIBE_GRACE_MS), createdAt: at });
      return id;
    },
    answered(id, answer) {
      return repo.answer(id, answer, ctx.nowIso());
    },
    async drop(id) {
      await repo.remove(id, 'subscribing');
    },
    settleIn(db, id) {
      return createSubscriptionIntentsRepo(db).settle(id);
    },
    async undo(id, removeNow) {
      const intent = await repo.get(id);
      if (intent?.state !== 'subscribing') return;
      if (!(await repo.claim(intent, later(CLAIM_LEASE_MS), ctx.nowIso()))) return;
      const problem = await removeNow();
      if (!problem) await repo.remove(id);
      else await repo.retryAt(id, problem, later(backoffMs(1)), ctx.nowIso());
    },
    async sweep() {
      for (const intent of await repo.listDue(ctx.nowIso(), SWEEP_BATCH)) {
        // Without the app's answer there is nothing to unsubscribe with.
        if (intent.state === 'subscribing' && (intent.answer === undefined || intent.answer === null)) {
          if (await repo.remove(intent.id, 'subscribing')) {
            deps.logger.warn(
              { tenantId: intent.tenantId, workflowId: intent.workflowId, app: intent.app },
              'A subscription was asked for by a process that stopped before the app answered',
            );
          }
          continue;
        }
        if (!(await repo.claim(intent, later(CLAIM_LEASE_MS), ctx.nowIso()))) continue;
        await remove(intent, intent.attempts + 1);
      }
    },
  };
}
