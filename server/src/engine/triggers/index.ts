/**
 * Triggers: activation, schedules, polling with dedupe. `service.ts` switches workflows ON and
 * OFF; `scheduler.ts` runs due schedules and polls (in-process scan, or BullMQ job schedulers
 * with `config.redisUrl`);
 * `runner.ts` runs one tick or poll; events reach executions only through `engine.ingest`.
 */
import type { EngineService } from '../../kernel/contracts/engine.js';
import type { TriggersService } from '../../kernel/contracts/triggers.js';
import type { Lifecycle } from '../../kernel/lifecycle.js';
import type { EngineDeps } from '../deps.js';
import { createTriggerContext, DEFAULT_SCAN_MS, type TriggerContextOptions } from './context.js';
import { createBullScheduler, createInProcessScheduler, type TriggerScheduler } from './scheduler.js';
import { createTriggersService } from './service.js';

/** The triggers: their service, its background work, and a hook for tests to run what is due now. */
export interface Triggers {
  service: TriggersService;
  lifecycle: Lifecycle;
  /** Runs every due schedule and poll now and waits (in-process scheduler; a no-op with BullMQ). */
  runDue(): Promise<void>;
}

/**
 * Every how many scan periods (30 × 1 s) workflows deleted while ON are unsubscribed,
 * workflows stored ON without activation are armed and app subscriptions left by a process
 * that died are removed (intents.ts).
 */
const ADOPT_EVERY_SCANS = 30;

/** Builds the triggers service and its background work. */
export function createTriggers(
  deps: EngineDeps & { engine: EngineService },
  options: TriggerContextOptions = {},
): Triggers {
  const ctx = createTriggerContext(deps, deps.engine, options);
  const scheduler: TriggerScheduler = deps.config.redisUrl
    ? createBullScheduler(ctx, deps.config.redisUrl)
    : createInProcessScheduler(ctx);
  const { armUnarmed, cleanUp, sweepIntents, ...service } = createTriggersService(ctx, scheduler);
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let adopting: Promise<void> | undefined;
  const adopt = () => {
    // Deleted while ON: unsubscribe and forget; stored ON without activation: arm; left by a
    // dead process: unsubscribe.
    adopting ??= cleanUp()
      .then(armUnarmed)
      .then(sweepIntents)
      .catch((error: unknown) => deps.logger.error({ err: String(error) }, 'Arming workflows stored ON failed'))
      .finally(() => {
        adopting = undefined;
      });
    return adopting;
  };
  return {
    service,
    lifecycle: {
      async start() {
        await scheduler.start();
        // Not at once: the HTTP server (and the Demo CRM it serves) is not listening yet.
        const scanMs = deps.config.triggerScanMs ?? DEFAULT_SCAN_MS;
        timer = setInterval(() => void adopt(), scanMs * ADOPT_EVERY_SCANS);
        timer.unref();
        // What a process that died before this start left: one scan period in, once listening.
        first = setTimeout(() => {
          adopting ??= sweepIntents()
            .catch((error: unknown) =>
              deps.logger.error({ err: String(error) }, 'Sweeping subscription intents failed'),
            )
            .finally(() => {
              adopting = undefined;
            });
        }, scanMs);
        first.unref();
      },
      async close() {
        if (timer) clearInterval(timer);
        if (first) clearTimeout(first);
        await adopting;
        await scheduler.close();
        await ctx.close();
      },
    },
    runDue: () => scheduler.runDue(),
  };
}

export { extractItems, pollDedupeKey } from './polling.js';
export { scheduleDedupeKey } from './schedules.js';
export { webhookUrl } from './subscriptions.js';
