/**
 * Apps catalogue benchmark: how long GET /api/apps takes warm, in-process (Fastify inject, no
 * network), on SQLite and (with TEST_DATABASE_URL) PostgreSQL. The tenant sees the 8 built-ins,
 * the catalogue apps (source 'first100', the editor's Popular tab), 50 apps of its own
 * and 50 apps another tenant published, each a 20-action definition.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:apps
 *
 * Prints a markdown table: p50, p99 and max over 300 warm calls (after 30 warm-up calls), the
 * Popular count, the answer's size, and whether every icon is a URL (no inline data).
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { openTestDatabases } from '../src/store/test-db.js';

const OWN = 50;
const PUBLISHED = 50;
const WARMUP = 30;
const CALLS = 300;

function definition(slug: string) {
  const actions: Record<string, unknown> = {};
  for (let i = 0; i < 20; i += 1) {
    actions[`action_${i}`] = {
      title: `Action ${i}`,
      description: 'Does one thing to the remote API, described at some length for realism.',
      method: i % 2 ? 'post' : 'get',
      url: `https://api.example.com/v1/things/${i}`,
      fields: [{ name: 'name', title: 'Name', schema: { type: 'string' } }],
    };
  }
  return { appSlug: slug, appName: `Bench ${slug}`, actions, triggers: {}, authInfo: { apiType: 'apikey' } };
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const testDb of openTestDatabases()) {
    const opened = await testDb.open({ logLevel: 'silent', rateLimits: false, env: 'production' });
    const app = await createApp(opened.config);
    const signUp = async (n: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: `bench-${n}-${Date.now()}@example.com`, password: 'Plenty-of-letters-42', firstName: 'B' },
      });
      return (res.json() as { token: string }).token;
    };
    const [mine, theirs] = [await signUp(1), await signUp(2)];
    const create = async (token: string, slug: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/apps',
        headers: { authorization: `Bearer ${token}` },
        payload: definition(slug),
      });
      if (res.statusCode !== 201) throw new Error(`create ${slug}: ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < OWN; i += 1) await create(mine, `own-${i}`);
    for (let i = 0; i < PUBLISHED; i += 1) {
      await create(theirs, `pub-${i}`);
      await app.inject({
        method: 'PUT',
        url: `/api/apps/pub-${i}/listing`,
        headers: { authorization: `Bearer ${theirs}` },
        payload: { status: 'Published' },
      });
    }
    const times: number[] = [];
    let items: { source?: string; iconURL?: string }[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + CALLS; i += 1) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/apps', headers: { authorization: `Bearer ${mine}` } });
      const ms = performance.now() - start;
      items = (res.json() as { items: typeof items }).items;
      bytes = res.rawPayload.length;
      if (i >= WARMUP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    const popular = items.filter((item) => item.source === 'first100').length;
    const iconsAreUrls = items.every((item) => !item.iconURL || /^(\/|https?:\/\/)/.test(item.iconURL));
    rows.push(
      `| ${testDb.dialect} | ${items.length} | ${popular} | ${(bytes / 1024).toFixed(1)} | ${iconsAreUrls ? 'yes' : 'NO'} | ${at(0.5)} | ${at(0.99)} | ${times[times.length - 1].toFixed(1)} |`,
    );
    await app.close();
    await opened.close();
  }
  console.log('| database | apps listed | Popular | answer (KiB) | icons as URLs | p50 (ms) | p99 (ms) | max (ms) |');
  console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
}

await main();
