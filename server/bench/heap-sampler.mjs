// V8's sampling heap profiler in a benchmark's server process (engine.ts, engine-built.mjs), over
// one row's load, with collected objects included: it estimates every byte allocated, not what
// stays alive. `stop` answers the bytes sampled and, when BENCH_HEAP_PROF names a folder, writes
// the profile there (open it in Chrome DevTools' Memory tab).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

export function heapSampler(name) {
  let session;
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const sum = (node) => node.selfSize + node.children.reduce((a, c) => a + sum(c), 0);
  return {
    async start() {
      session = new Session();
      session.connect();
      await post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      return { started: true };
    },
    async stop() {
      const { profile } = await post('HeapProfiler.stopSampling');
      session.disconnect();
      const dir = process.env.BENCH_HEAP_PROF;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${name}-${Date.now()}.heapprofile`), JSON.stringify(profile));
      }
      return { bytes: sum(profile.head) };
    },
  };
}
