import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkFailure, lazyChunk, useLazyChunk } from './lazy-chunk.js';
import { theme } from './theme.js';

afterEach(cleanup);

/** The chunk's one component. */
function Feature() {
  return <p>The feature</p>;
}

/** A chunk whose first `failures` downloads fail. */
function flakyChunk(failures: number) {
  let calls = 0;
  const importChunk = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { Feature };
  });
  return { chunk: lazyChunk(importChunk), importChunk };
}

function Host({ chunk }: { chunk: ReturnType<typeof flakyChunk>['chunk'] }) {
  const { module, isFailed, retry } = useLazyChunk(chunk);
  if (isFailed) return <ChunkFailure what="The feature" onRetry={retry} />;
  return module ? <module.Feature /> : null;
}

const renderHost = (chunk: ReturnType<typeof flakyChunk>['chunk']) =>
  render(
    <ThemeProvider theme={theme}>
      <Host chunk={chunk} />
    </ThemeProvider>,
  );

describe('lazyChunk and useLazyChunk', () => {
  it('downloads once for every caller and draws the module when it arrives', async () => {
    const { chunk, importChunk } = flakyChunk(0);
    const [a, b] = [chunk.load(), chunk.load()];
    expect(a).toBe(b);
    await a;
    expect(chunk.loaded()).not.toBeNull();
    renderHost(chunk);
    // Already there: drawn in the first render.
    expect(screen.getByText('The feature')).toBeTruthy();
    expect(importChunk).toHaveBeenCalledTimes(1);
  });

  it('says a failed download could not be loaded, and Try again downloads again', async () => {
    const { chunk, importChunk } = flakyChunk(1);
    renderHost(chunk);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The feature could not be loaded. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The feature')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(importChunk).toHaveBeenCalledTimes(2);
  });

  it('keeps saying so while the download keeps failing', async () => {
    const { chunk, importChunk } = flakyChunk(5);
    renderHost(chunk);
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(importChunk).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(chunk.loaded()).toBeNull();
  });
});
