/**
 * What the triggers' parts share: the platform deps, the engine's ingest, the
 * subscriptions repository, guarded HTTP clients and the settings read from Config.
 */
import { isBuiltinApp } from '../../integrations/builtin/index.js';
import type { RunnableApp } from '../../integrations/registry.js';
import { createHttpClient, type HttpClient } from '../../security/http-client.js';
import type { EngineService } from '../../kernel/contracts/engine.js';
import type { EngineDeps } from '../deps.js';
import { createSubscriptionsRepo, type SubscriptionsRepo } from '../../store/repos/triggers.js';

/** Default polling interval: 60 s. */
export const DEFAULT_POLL_INTERVAL_MS = 60_000;
/** Default scan period of the in-process scheduler: 1 s. */
export const DEFAULT_SCAN_MS = 1_000;

/** The shared context. */
export interface TriggerContext {
  deps: EngineDeps;
  engine: EngineService;
  subs: SubscriptionsRepo;
  pollIntervalMs: number;
  /** The `/hooks/{key}` key of a workflow's webhook trigger (its stored random key). */
  hookKeyFor(workflow: { id: string; hookKey?: string }): string;
  /** The guarded client for an app: built-ins call Junction itself (publicUrl only), others the public internet. */
  httpFor(app: RunnableApp): HttpClient;
  /** The current time as ISO text. */
  nowIso(): string;
  /** Test-only failure points ({@link TriggerContextOptions.crashPoints}); none in production. */
  crashPoints: CrashPoints;
  close(): Promise<void>;
}

/**
 * Test-only failure points: a throw from one stands for the process dying there (nothing after
 * it runs, nothing is undone), so a test can leave what a kill -9 at that point leaves.
 */
export interface CrashPoints {
  /** After an app's subscribe answer is written on its intent, before the commit that stores it. */
  afterSubscribeAnswer?: () => Promise<void>;
}

/** Options of {@link createTriggerContext}. */
export interface TriggerContextOptions {
  /** How a workflow's webhook key is found; default the key stored with the workflow. */
  hookKeyFor?: (workflow: { id: string; hookKey?: string }) => string;
  /** Test-only failure points (RELIABILITY.md "Third-party subscriptions through a crash"). */
  crashPoints?: CrashPoints;
}

/** Builds the context; close it to release the HTTP pools. */
export function createTriggerContext(
  deps: EngineDeps,
  engine: EngineService,
  options: TriggerContextOptions = {},
): TriggerContext {
  let publicClient: HttpClient | undefined;
  let selfClient: HttpClient | undefined;
  const self = new URL(deps.config.publicUrl);
  const selfPort = self.port || (self.protocol === 'https:' ? '443' : '80');
  return {
    deps,
    engine,
    subs: createSubscriptionsRepo(deps.handle.db),
    pollIntervalMs: deps.config.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    hookKeyFor: options.hookKeyFor ?? ((workflow) => workflow.hookKey ?? ''),
    httpFor(app) {
      if (app.appSlug === 'demo-crm' && isBuiltinApp(app.appSlug)) {
        // The Demo CRM calls `{base}` = Junction's own origin, usually loopback, which the
        // guard blocks: allow exactly that host:port and nothing else. The catalogue apps
        // (also built in) call the public internet like any other app.
        selfClient ??= createHttpClient({ allowedHosts: `${self.hostname}:${selfPort}` });
        return selfClient;
      }
      publicClient ??= createHttpClient(
        deps.config.allowedHosts !== undefined ? { allowedHosts: deps.config.allowedHosts } : {},
      );
      return publicClient;
    },
    nowIso: () => new Date(deps.now()).toISOString(),
    crashPoints: options.crashPoints ?? {},
    async close() {
      await Promise.all([publicClient?.close(), selfClient?.close()]);
    },
  };
}
