// The embedded Junction of the engine benchmark run from the built server (`server/dist`, what
// `npm start` runs) under plain node, not tsx: its peak RSS is the one users get. Started by
// server/bench/engine.ts (`--built`) through fork: argv target port; answers over IPC like the
// tsx role (url, startToListenMs; count; stop).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { signUpBenchUser } from './bench-user.mjs';
import { heapSampler } from './heap-sampler.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const targetPort = Number(process.argv[2]);
// BENCH_DIST (engine.ts `--dist`): another build of the server, to compare two builds.
const dist = process.env.BENCH_DIST ?? path.join(here, '../dist');
const { createApp, loadConfig } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
const Database = createRequire(path.join(here, '../package.json'))('better-sqlite3');

const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-bench-built-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  RATE_LIMITS: 'off',
  JUNCTION_ALLOWED_HOSTS: `127.0.0.1:${targetPort}`,
  WEBHOOK_QUEUE_LIMIT: '1000000',
  // As an automated install would: the benchmark's user signs up without the set-up page.
  SIGNUP_POLICY: 'open',
});
const app = await createApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const startToListenMs = process.uptime() * 1000;
const port = app.server.address().port;

const { call, token } = await signUpBenchUser(app);
// The same document as the tsx role (test/engine/support.ts hookWorkflow + AMOUNT_OVER_10), via the process.
const document = JSON.parse(process.env.BENCH_DOCUMENT ?? '{}');
const workflow = await call('POST', '/api/workflows', { name: 'Bench', active: true, document }, token);
const db = new Database(path.join(dataDir, 'junction.db'), { readonly: true });
// A workflow's hook has its own random key (GET /api/workflows/{id}/hook), never the workflow id.
const hook = await call('GET', `/api/workflows/${workflow.id}/hook`, undefined, token);
process.send?.({ url: `http://127.0.0.1:${port}${new URL(hook.url).pathname}`, startToListenMs });
const heap = heapSampler('built');
process.on('message', async (m) => {
  if (m.type === 'heap-start') return process.send?.(await heap.start());
  if (m.type === 'heap-stop') return process.send?.(await heap.stop());
  if (m.type === 'count') {
    const r = db
      .prepare(
        `SELECT count(*) AS recorded,
           sum(CASE WHEN status IN ('succeeded','failed','filtered','cancelled') THEN 1 ELSE 0 END) AS finished,
           sum(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) AS succeeded
         FROM executions WHERE workflow_id = ?`,
      )
      .get(workflow.id);
    process.send?.({
      recorded: Number(r.recorded),
      finished: Number(r.finished ?? 0),
      succeeded: Number(r.succeeded ?? 0),
    });
  }
  if (m.type === 'stop') {
    db.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
