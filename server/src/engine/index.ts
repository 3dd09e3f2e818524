/**
 * The execution engine: ingest, queue, runner, reconciler and the executions API.
 * In-process queue by default; BullMQ when `config.redisUrl` is set (`junction worker`
 * processes consume it). See server/CONTEXT.md "Engine".
 */
import { configureDefaultSandbox } from '../sandbox/index.js';
import { createHttpClient } from '../security/http-client.js';
import { resolveSqlitePath } from '../store/create-db.js';
import { createWriteBatcher } from './batcher.js';
import type { EngineService } from '../kernel/contracts/engine.js';
import type { Lifecycle } from '../kernel/lifecycle.js';
import type { EngineDeps } from './deps.js';
import { createIngest } from './ingest.js';
import { createPreclaims } from './preclaim.js';
import { createMemoryQueue, type ExecutionQueue } from './queue.js';
import { runEnded } from './observe.js';
import { createReconciler } from './reconciler.js';
import { createPruner, retentionPolicy } from './retention.js';
import { createEngineRepo } from '../store/repos/engine.js';
import { createRunner } from './runner.js';
import { createEngineApi } from './service.js';
import { engineSettings } from './settings.js';
import { openSqliteWriter, type SqliteWriter } from './sqlite-writer.js';
import { setQueueDepthSource } from '../metrics.js';
import { newExecutionId } from './execution-id.js';

/** Options of createEngine. */
export interface CreateEngineOptions {
  /** Consume the queue in this process (default: `config.runWorkers`, true unless RUN_WORKERS=off). */
  consume?: boolean;
}

/** Builds the engine service and its background work. */
export function createEngine(
  deps: EngineDeps,
  options: CreateEngineOptions = {},
): { service: EngineService; lifecycle: Lifecycle } {
  const settings = engineSettings(deps.config);
  // Custom code of every workspace shares one pool per process (created at its first run).
  configureDefaultSandbox({
    maxConcurrent: deps.config.sandboxConcurrency,
    workspaceShare: deps.config.sandboxWorkspaceShare,
    timeoutMs: deps.config.sandboxTimeoutMs,
  });
  const repo = createEngineRepo(deps.handle.db, deps.handle.dialect);
  // SQLite with a file: the hot path's prepared statements on a second connection (opened
  // after the migrations, at the first write or read).
  const sqliteFile = deps.handle.dialect === 'sqlite' ? resolveSqlitePath(deps.config) : undefined;
  let sqlite: SqliteWriter | undefined;
  let sqliteClosed = false;
  const rawSqlite = () => {
    if (!sqlite && !sqliteClosed && sqliteFile && sqliteFile !== ':memory:') sqlite = openSqliteWriter(sqliteFile);
    return sqlite;
  };
  const write = createWriteBatcher({ db: deps.handle.db, dialect: deps.handle.dialect, sqlite: rawSqlite });
  const onError = (error: unknown) => deps.logger.error({ err: String(error) }, 'Execution queue error');
  let queue: ExecutionQueue | undefined;
  /** The in-process queue while this process consumes it: new executions may be claimed at insert. */
  let ownQueue: ReturnType<typeof createMemoryQueue> | undefined;
  const preclaims = createPreclaims({
    now: deps.now,
    leaseMs: settings.leaseMs,
    free: (tenantId) => ownQueue?.free(tenantId) ?? 0,
    runsQueued: () => ownQueue !== undefined,
  });
  const pending: string[] = [];
  const getQueue = () => queue;
  const ingest = createIngest({
    preclaims,
    db: deps.handle.db,
    write,
    now: deps.now,
    newId: () => newExecutionId(),
    enqueue: (ids, tenantId) => {
      const q = getQueue();
      if (q) q.enqueue(ids, tenantId);
      else pending.push(...ids);
    },
  });
  const http = createHttpClient({ allowedHosts: deps.config.allowedHosts, timeoutMs: settings.stepTimeoutMs });
  const selfHttp = createHttpClient({
    allowedHosts: selfHost(deps.config.publicUrl),
    timeoutMs: settings.stepTimeoutMs,
  });
  const runner = createRunner({
    platform: deps,
    repo,
    write,
    settings,
    http,
    selfHttp,
    wakeAt: (id, atMs) => getQueue()?.enqueueAt(id, atMs),
    preclaimed: preclaims.take,
    waitingRow: preclaims.waiting,
  });
  const consume = options.consume ?? settings.runWorkers;
  const reconciler = createReconciler({
    repo,
    now: deps.now,
    intervalMs: settings.reconcileIntervalMs,
    enqueue: (ids, tenantId) => getQueue()?.enqueue(ids, tenantId),
    enqueueAt: (id, atMs) => getQueue()?.enqueueAt(id, atMs),
    logger: deps.logger,
  });
  // Execution retention: every process prunes (idempotent deletes), in small batches.
  const pruner = createPruner({
    db: deps.handle.db,
    policy: retentionPolicy(deps.config),
    now: deps.now,
    logger: deps.logger,
  });
  const api = createEngineApi({
    platform: deps,
    repo,
    settings,
    ingest,
    findHookWorkflow: (key) => (rawSqlite()?.writer ?? repo).findHookWorkflow(key),
    cancelled: preclaims.forget,
  });

  return {
    service: { ingest, ...api },
    lifecycle: {
      async start() {
        let created: ExecutionQueue;
        if (deps.config.redisUrl) {
          const { createBullQueue } = await import('./bullmq-queue.js');
          created = createBullQueue({
            redisUrl: deps.config.redisUrl,
            prefix: settings.queuePrefix,
            concurrency: settings.concurrency,
            tenantShare: settings.tenantShare,
            onError,
          });
        } else {
          const memory = createMemoryQueue({ concurrency: settings.concurrency, tenantShare: settings.tenantShare, onError });
          created = memory;
          // One process owns the embedded queue: what it was running when it stopped runs again.
          if (consume) {
            await repo.requeueRunning(new Date(deps.now()).toISOString());
            ownQueue = memory;
          }
        }
        queue = created;
        setQueueDepthSource(() => created.depth());
        if (pending.length > 0) created.enqueue(pending.splice(0));
        if (consume) {
          await created.consume(async (id) => {
            const outcome = await runner.run(id);
            runEnded(id, outcome);
            return outcome;
          });
          await reconciler.start();
        }
        pruner.start();
      },
      async close() {
        ownQueue = undefined;
        reconciler.stop();
        setQueueDepthSource(undefined);
        await pruner.stop();
        await queue?.close(deps.config.shutdownGraceMs);
        await http.close();
        await selfHttp.close();
        sqliteClosed = true;
        sqlite?.close();
        sqlite = undefined;
      },
    },
  };
}

/** The Demo CRM's allowlist: only Junction's own public host:port. */
function selfHost(publicUrl: string): string {
  const url = new URL(publicUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}
