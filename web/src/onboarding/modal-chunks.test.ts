import { describe, expect, it } from 'vitest';
import { opensSignUp } from './modal-chunks.js';

describe('opensSignUp (the entry waits for the sign-up chunk only when the modal is the first screen)', () => {
  it('is true on the editor without a session, with or without `u`', () => {
    expect(opensSignUp('/', '', false)).toBe(true);
    expect(opensSignUp('/', '?id=w1', false)).toBe(true);
    expect(opensSignUp('/', '?u=ann', false)).toBe(true);
  });

  it('is false with a stored session, a `c` to exchange, a shared template or another page', () => {
    expect(opensSignUp('/', '?id=w1', true)).toBe(false);
    expect(opensSignUp('/', '?c=once', false)).toBe(false);
    expect(opensSignUp('/', '?template_id=t1', false)).toBe(false);
    expect(opensSignUp('/workflows', '', false)).toBe(false);
  });
});
