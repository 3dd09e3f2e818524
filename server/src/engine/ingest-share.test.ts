import { describe, expect, it } from 'vitest';
import { Problem } from '../kernel/errors.js';
import { createIngestShare } from './ingest-share.js';

/** A piece of work that ends when told to. */
function pending() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('done');
  });
  return { work: () => done, finish: () => finish() };
}

describe('createIngestShare', () => {
  it('refuses a workspace past its share with 429, Retry-After and a code, and leaves other workspaces alone', async () => {
    const share = createIngestShare(2);
    const first = pending();
    const second = pending();
    const a1 = share.run('A', first.work);
    const a2 = share.run('A', second.work);
    expect(share.inFlight('A')).toBe(2);

    const refused = await share.run('A', async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Problem);
    expect(refused).toMatchObject({ status: 429, code: 'limit.workspace_share', retryAfter: 1 });
    expect((refused as Problem).detail).toContain('WEBHOOK_WORKSPACE_CONCURRENCY');

    await expect(share.run('B', async () => 'b')).resolves.toBe('b');

    first.finish();
    await expect(a1).resolves.toBe('done');
    expect(share.inFlight('A')).toBe(1);
    await expect(share.run('A', async () => 'again')).resolves.toBe('again');
    second.finish();
    await a2;
    expect(share.inFlight('A')).toBe(0);
  });

  it('gives the slot back when the work fails', async () => {
    const share = createIngestShare(1);
    await expect(
      share.run('A', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(share.inFlight('A')).toBe(0);
    await expect(share.run('A', async () => 'ok')).resolves.toBe('ok');
  });
});
