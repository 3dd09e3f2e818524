import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LazyChunk, lazyChunk } from '../ui/lazy-chunk.js';
import { type IdleRetry, useIdleChunk } from './EditorChatLauncher.js';

afterEach(cleanup);

interface ButtonModule {
  Button: () => ReactElement;
}

function ChatButton() {
  return <button type="button">Chat with support</button>;
}

/** A chunk whose first `failures` downloads fail (as offline), then arrive; counts the downloads. */
function flakyChunk(failures: number) {
  const tries = { count: 0 };
  const chunk = lazyChunk<ButtonModule>(async () => {
    tries.count += 1;
    if (tries.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { Button: ChatButton };
  });
  return { chunk, tries };
}

function Probe({ chunk, retry }: { chunk: LazyChunk<ButtonModule>; retry: IdleRetry }) {
  const module = useIdleChunk(chunk, retry);
  return module ? <module.Button /> : null;
}

/** Lets timers of `ms` and the promises after them run. */
async function wait(ms: number) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

describe('the editor chat launcher chunk', () => {
  it('is downloaded once the browser is idle', async () => {
    const { chunk, tries } = flakyChunk(0);
    render(<Probe chunk={chunk} retry={{ maxRetries: 3, firstDelayMs: 60_000 }} />);
    expect(await screen.findByRole('button', { name: 'Chat with support' })).toBeTruthy();
    expect(tries.count).toBe(1);
  });

  it('is downloaded again when the browser comes back online after a failed download', async () => {
    const { chunk, tries } = flakyChunk(1);
    // A wait far longer than the test: only the online event can bring the button.
    render(<Probe chunk={chunk} retry={{ maxRetries: 3, firstDelayMs: 60_000 }} />);
    await waitFor(() => expect(tries.count).toBe(1));
    await wait(20);
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'Chat with support' })).toBeTruthy();
    expect(tries.count).toBe(2);
  });

  it('is downloaded again on a later idle period, without any online event', async () => {
    const { chunk, tries } = flakyChunk(2);
    render(<Probe chunk={chunk} retry={{ maxRetries: 3, firstDelayMs: 5 }} />);
    expect(await screen.findByRole('button', { name: 'Chat with support' }, { timeout: 2000 })).toBeTruthy();
    expect(tries.count).toBe(3);
  });

  it('stops trying after the bounded number of retries', async () => {
    const { chunk, tries } = flakyChunk(Number.POSITIVE_INFINITY);
    render(<Probe chunk={chunk} retry={{ maxRetries: 2, firstDelayMs: 5 }} />);
    await waitFor(() => expect(tries.count).toBe(3));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await wait(100);
    expect(tries.count).toBe(3);
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull();
  });
});
