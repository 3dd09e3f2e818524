/**
 * Attacks on one process (`npm run bench:attacks`): starts one Junction server from source with
 * its default limits, runs each HTTP attack bounded in count and time, polls
 * `/api/health/live` throughout with a new connection per probe (as an orchestrator does) and
 * prints a table: attack, health p50/p99/max, failed probes, the server's event-loop delay (from
 * its own metrics on METRICS_PORT: the probes also wait for a busy machine's CPU), the CPU time
 * the server spent (from /proc; other load on the machine does not change it), peak RSS, what
 * the attack got.
 *
 * Attackers connect from other loopback addresses (127.0.0.2 and up) than the probe
 * (127.0.0.1), as they would from the network, so per-address limits apply to them and not to
 * the probe. Flags: `--only <attack>`, `--seconds <n>` (length of the connection attacks,
 * default 40), `--env KEY=VALUE,...` (extra server variables), `--root <dir>` (attack the server of
 * another checkout, for a before/after comparison).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, flag, memoryMb, probeLive, startSourceServer } from './support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the attacked server's sources are (`--root`: another checkout, e.g. the code before a fix). */
const serverRoot = path.resolve(flag('root') ?? repoRoot);
const SECONDS = Number(flag('seconds') ?? 40);
const PROBE_EVERY_MS = 50;
const PROBE_TIMEOUT_MS = 2_000;

/** One attack's outcome row. */
interface Row {
  attack: string;
  /** CPU time the server used during the attack, in ms (robust to other load on the machine). */
  cpuMs: number;
  /** The server's event-loop delay during the attack (p99, max) in ms, from its metrics; undefined when unread. */
  loopDelay?: { p99: number; max: number };
  probes: number[];
  failures: number;
  peakRssMb: number;
  outcome: string;
}

/** A started server process and where it listens. */
interface Target {
  child: ChildProcess;
  port: number;
  dataDir: string;
  metricsPort: number;
}

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function startTarget(extraEnv: Record<string, string>): Promise<Target> {
  const metricsPort = await freePort();
  // The server's own event-loop delay, read from its metrics (the probes also wait for this machine's CPU).
  const server = await startSourceServer(serverRoot, {
    METRICS: 'on',
    METRICS_PORT: String(metricsPort),
    ...extraEnv,
  });
  return { ...server, metricsPort };
}

async function stopTarget(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (target.child.exitCode === null) target.child.kill('SIGKILL');
  rmSync(target.dataDir, { recursive: true, force: true });
}

/**
 * The server's event-loop delay since the previous read (prom-client resets its histogram on
 * every scrape), in ms; undefined when the metrics do not answer (a server without METRICS_PORT).
 */
async function readLoopDelay(target: Target): Promise<{ p99: number; max: number } | undefined> {
  // The code before METRICS_PORT served them on the API's port.
  const scrape = (port: number) => fetch(`http://127.0.0.1:${port}/metrics`).then((res) => res.text());
  try {
    const text = await scrape(target.metricsPort).catch(() => scrape(target.port));
    const value = (name: string) =>
      Number(new RegExp(`^junction_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
    const delay = { p99: value('p99'), max: value('max') };
    return Number.isFinite(delay.p99) ? delay : undefined;
  } catch {
    return undefined;
  }
}

/** Probes health and samples RSS until `attack` settles; answers the row. */
async function measure(target: Target, attack: string, run: () => Promise<string>): Promise<Row> {
  await readLoopDelay(target);
  const cpuBefore = cpuMs(target.child.pid);
  // The probes run in a process of their own: this one is busy pushing the attack's bytes.
  const prober = fork(fileURLToPath(import.meta.url), ['--prober', String(target.port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let peakRssMb = memoryMb(target.child.pid, 'VmRSS');
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, memoryMb(target.child.pid, 'VmRSS'));
  }, PROBE_EVERY_MS);
  await new Promise((resolve) => prober.once('message', resolve));
  const outcome = await run();
  clearInterval(sampler);
  const result = new Promise<{ probes: number[]; failures: number }>((resolve) =>
    prober.once('message', (message) => resolve(message as { probes: number[]; failures: number })),
  );
  prober.send('stop');
  const { probes, failures } = await result;
  const cpu = cpuMs(target.child.pid) - cpuBefore;
  return { attack, probes, failures, peakRssMb, outcome, cpuMs: cpu, loopDelay: await readLoopDelay(target) };
}

/** Counts outcomes by label, as "label×n, …". */
function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, n]) => `${label}×${n}`).join(', ');
}

/** The n-th loopback address an attacker connects from (127.0.0.2 and up). */
const attackerAddress = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

interface Held {
  socket: net.Socket;
  closedBy: 'server' | 'us' | undefined;
  status?: string;
}

/**
 * Opens `count` connections (from `addresses` attacker addresses), each sending `head` then
 * `body(socket)`; keeps them for `seconds`, then closes what is left. Answers how each ended.
 */
async function holdConnections(
  port: number,
  count: number,
  addresses: number,
  seconds: number,
  head: string,
  feed: (socket: net.Socket) => () => void,
): Promise<string> {
  const held: Held[] = [];
  const deadline = Date.now() + seconds * 1000;
  const stops: Array<() => void> = [];
  for (let i = 0; i < count && Date.now() < deadline; i++) {
    const entry: Held = {
      socket: net.connect({ host: '127.0.0.1', port, localAddress: attackerAddress(i % addresses) }),
      closedBy: undefined,
    };
    entry.socket.setNoDelay(true);
    entry.socket.on('error', () => undefined);
    entry.socket.once('data', (chunk: Buffer) => {
      entry.status = /^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1];
    });
    entry.socket.once('close', () => {
      entry.closedBy ??= 'server';
    });
    entry.socket.once('connect', () => {
      entry.socket.write(head);
      stops.push(feed(entry.socket));
    });
    held.push(entry);
    // Open in bursts so the loop keeps up: about 1,000 connections a second.
    if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
  for (const stop of stops) stop();
  const labels = held.map((entry) =>
    entry.status ? `answered ${entry.status}` : entry.closedBy === 'server' ? 'cut off' : 'still open',
  );
  for (const entry of held) {
    entry.closedBy ??= 'us';
    entry.socket.destroy();
  }
  return tally(labels);
}

/** Headers, then one body byte every 10 s (a slow-loris body). */
function slowLoris(port: number): Promise<string> {
  const head =
    'POST /hooks/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[';
  return holdConnections(port, 3_000, 30, SECONDS, head, (socket) => {
    const timer = setInterval(() => socket.writable && socket.write('1,'), 10_000);
    return () => clearInterval(timer);
  });
}

/** 100 bodies of 5 MB that send 4.5 MB and then stall. */
function stalledBodies(port: number): Promise<string> {
  const size = 5_000_000;
  const head = `POST /hooks/stalled HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
  const sent = Buffer.alloc(4_500_000, 0x20);
  sent[0] = 0x5b;
  return holdConnections(port, 100, 10, Math.min(SECONDS, 30), head, (socket) => {
    socket.write(sent);
    return () => undefined;
  });
}

/** A JSON object of `keys` short keys (5 MiB at 446,000). */
function manyKeys(keys: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"${i.toString(36)}":1`);
  return Buffer.from(`{${parts.join(',')}}`);
}

/** Batches of `total` anonymous POSTs of `body`, `atOnce` at a time, each from its own address, for about 10 s. */
async function jsonBodies(port: number, body: Buffer, total: number, atOnce: number): Promise<string> {
  const statuses: string[] = [];
  let next = 0;
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/hooks/huge',
          agent: false,
          localAddress: attackerAddress(n),
          headers: { 'content-type': 'application/json', 'content-length': body.length },
          timeout: 60_000,
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => {
            const code = /"code":"([^"]+)"/.exec(text)?.[1];
            statuses.push(`${res.statusCode}${code ? ` ${code}` : ''}`);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        statuses.push(`error ${error.message}`);
        resolve();
      });
      req.end(body);
    });
  // The batch again until it has lasted 10 s (at most 20 batches), so enough probes fall inside it.
  const until = Date.now() + 10_000;
  for (let round = 0; round < 20 && (round === 0 || Date.now() < until); round++) {
    next = 0;
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < total) await one(next++);
      }),
    );
  }
  return tally(statuses);
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;

function printTable(rows: Row[]): void {
  const lines = [
    '| attack | health probes | p50 ms | p99 ms | max ms | failed probes | server loop delay p99 / max ms | server CPU s | peak RSS MB | what the attack got |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const sorted = [...row.probes].sort((a, b) => a - b);
    const f = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0));
    lines.push(
      `| ${row.attack} | ${row.probes.length + row.failures} | ${f(quantile(sorted, 0.5))} | ${f(quantile(sorted, 0.99))} | ${f(sorted.at(-1) ?? Number.NaN)} | ${row.failures} | ${row.loopDelay ? `${f(row.loopDelay.p99)} / ${f(row.loopDelay.max)}` : '—'} | ${(row.cpuMs / 1000).toFixed(1)} | ${row.peakRssMb.toFixed(0)} | ${row.outcome} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

// Built before any attack starts: building them takes the bench's own loop, which also times the probes.
const isProber = flag('prober') !== undefined;
const HUGE = isProber ? Buffer.alloc(0) : manyKeys(446_000);
const UNDER_BOUND = isProber ? Buffer.alloc(0) : manyKeys(20_000);

const ATTACKS: Record<string, (port: number) => Promise<string>> = {
  'idle (no attack, 5 s)': () => new Promise((resolve) => setTimeout(() => resolve('—'), 5_000)),
  'slow-loris bodies (3,000 connections, 30 addresses, a byte every 10 s)': slowLoris,
  'stalled bodies (100 × 4.5 of 5 MB, 10 addresses)': stalledBodies,
  '446,000-key JSON (batches of 32 × 5 MiB, 16 at a time, 10 s)': (port) => jsonBodies(port, HUGE, 32, 16),
  'JSON just under the member bound (batches of 32 × 20,000 keys, 16 at a time, 10 s)': (port) =>
    jsonBodies(port, UNDER_BOUND, 32, 16),
};

/** The prober's role: probe health every PROBE_EVERY_MS until told to stop, then send the latencies. */
async function runProber(port: number): Promise<void> {
  const probes: number[] = [];
  let failures = 0;
  let running = true;
  process.once('message', () => {
    running = false;
  });
  process.send?.('ready');
  while (running) {
    const next = new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    const latency = await probeLive(port, PROBE_TIMEOUT_MS);
    if (latency === undefined) failures++;
    else probes.push(latency);
    await next;
  }
  process.send?.({ probes, failures }, () => process.exit(0));
}

async function main(): Promise<void> {
  const only = flag('only');
  const extraEnv = Object.fromEntries(
    (flag('env') ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  const rows: Row[] = [];
  for (const [name, run] of Object.entries(ATTACKS)) {
    if (only && !name.includes(only)) continue;
    // A fresh process per attack, so one attack's leftovers do not weigh on the next.
    const target = await startTarget(extraEnv);
    try {
      process.stderr.write(`${name}…\n`);
      rows.push(await measure(target, name, () => run(target.port)));
    } finally {
      await stopTarget(target);
    }
  }
  printTable(rows);
}

if (flag('prober')) await runProber(Number(flag('prober')));
else await main();
