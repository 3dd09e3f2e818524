import { describe, expect, it } from 'vitest';
import { getDefaultSandbox } from './index.js';

describe('the process-wide sandbox', () => {
  it('is created again after it was closed, so a later user of the process is not refused', async () => {
    const first = getDefaultSandbox();
    expect(getDefaultSandbox()).toBe(first);
    await first.close();
    expect((await first.run({ code: 'def run(i, a): return 1', inputData: {}, authData: {} })).ok).toBe(false);
    const next = getDefaultSandbox();
    expect(next).not.toBe(first);
    // Empty code is refused before any child starts: the answer shows the sandbox is open.
    const answer = await next.run({ code: '', inputData: {}, authData: {} });
    expect(answer).toMatchObject({ ok: false, error: { code: 'no-run-function' } });
    await next.close();
  });
});
