/**
 * The CPU of the PostgreSQL backends serving one benchmark (cost.ts, step-overhead.ts): its
 * connections carry an application_name (`withApplicationName`), and the meter reads those
 * backends' CPU from /proc. Counting every postgres process instead takes in whatever else uses
 * the server (other tests' backends starting and ending), which on a shared machine made that
 * figure swing below zero.
 */
import type pg from 'pg';
import { cpuMs } from './support.js';

/** `url` with every connection opened from it naming itself `name` (pg_stat_activity.application_name). */
export function withApplicationName(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

/**
 * The CPU of the PostgreSQL backends whose application_name is `name`, from `start()` to
 * `stop()`: sampled every 500 ms; a backend first seen after the start counts from zero.
 */
export function backendMeter(admin: pg.Client, name: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const sample = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (!Number.isFinite(ms)) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      await sample();
      started = true;
      timer = setInterval(() => void sample().catch(() => {}), 500);
    },
    async stop(): Promise<{ ms: number; backends: number }> {
      clearInterval(timer);
      await sample();
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? end);
      return { ms, backends: last.size };
    },
  };
}
