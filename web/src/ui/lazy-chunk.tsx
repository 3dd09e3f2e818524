/**
 * A JavaScript chunk loaded on first use, without `React.lazy`: React holds back revealing a
 * Suspense boundary's content for up to 300 ms after its fallback showed, which a click that
 * must feel instant cannot afford (web/CONTEXT.md "Pitfalls"). A screen starts the chunk's
 * download early ({@link LazyChunk.load}), draws the module directly once it is there
 * ({@link useLazyChunk}), and says so with a retry button when the download failed
 * ({@link ChunkFailure}).
 */
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from './Button.js';

/** One chunk, fetched once and shared by every caller; a failed fetch is tried again on the next call. */
export interface LazyChunk<M> {
  /** Starts the download when none is under way; resolves with the module. */
  load(): Promise<M>;
  /** The module when it has arrived, else null. */
  loaded(): M | null;
}

/**
 * Returns the {@link LazyChunk} of a dynamic import.
 *
 * @example
 * export const manualRunChunk = lazyChunk(() => import('./ManualRunItem.js'));
 */
export function lazyChunk<M>(importChunk: () => Promise<M>): LazyChunk<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    load() {
      loading ??= importChunk().then(
        (arrived) => {
          module = arrived;
          return arrived;
        },
        (error: unknown) => {
          // The next call downloads again (the browser does not keep a failed import).
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/** What {@link useLazyChunk} gives a screen. */
export interface LazyChunkState<M> {
  /** The module once it has arrived, else null (downloading or failed). */
  module: M | null;
  /** True when the last download failed; `retry` downloads again. */
  isFailed: boolean;
  retry: () => void;
}

/**
 * The module of `chunk` for a component: at once when it has arrived, else as soon as it
 * arrives (the component re-renders); while `isWanted` is false nothing is downloaded.
 */
export function useLazyChunk<M>(chunk: LazyChunk<M>, isWanted = true): LazyChunkState<M> {
  const [module, setModule] = useState<M | null>(chunk.loaded);
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    // After a failure, `retry` clears `isFailed` and so asks again.
    if (module || !isWanted || isFailed) return;
    let isCurrent = true;
    chunk.load().then(
      (arrived) => {
        if (isCurrent) setModule(() => arrived);
      },
      () => {
        if (isCurrent) setFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [chunk, module, isWanted, isFailed]);
  const retry = useCallback(() => setFailed(false), []);
  return { module, isFailed, retry };
}

/** The text {@link ChunkFailure} shows for `what` (a feature's name as the user sees it). */
export function chunkFailureText(what: string): string {
  return `${what} could not be loaded. Check your connection and try again.`;
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.body};
`;

/**
 * Says that a chunk did not download, with a 'Try again' button (an alert, so a screen reader
 * hears it).
 */
export function ChunkFailure({ what, onRetry, className }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <Notice role="alert" className={className}>
      {chunkFailureText(what)}
      <Button variant="secondary" size="small" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}
