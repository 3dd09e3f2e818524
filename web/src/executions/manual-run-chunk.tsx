/**
 * The trigger menu's 'Run manually' item (onboarding 4) as a chunk of its own: the item, the
 * executions store and the run rules are not first-load code of the editor (BENCHMARKS.md
 * "Editor"). A trigger card fetches it once the browser is idle; a menu opened before that
 * fetches it and shows the item when it has arrived; a menu opened after a failed download
 * tries again, and says so with 'Try again' when that fails too.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import { chunkFailureText, lazyChunk, useLazyChunk } from '../ui/lazy-chunk.js';
import type { ManualRunItemProps } from './ManualRunItem.js';

/** The manual run item's chunk, fetched once (a failed download is tried again on the next call). */
export const manualRunChunk = lazyChunk(() => import('./ManualRunItem.js'));

/** What the menu says when the item's chunk could not be downloaded. */
export const MANUAL_RUN_FAILED_TEXT = chunkFailureText("'Run manually'");

const FailedText = styled.div`
  max-width: 240px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const RetryItem = styled(DropdownMenu.Item)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.size.body};
  color: ${({ theme }) => theme.colors.accentText};
  cursor: pointer;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceSunken}; }
`;

/**
 * The 'Run manually' item ({@link ManualRunItemProps}): drawn at once when its chunk is loaded,
 * else as soon as it arrives (no Suspense boundary, which would hold the item back up to 300 ms);
 * when the download fails, a message and a 'Try again' item (the menu stays open).
 */
export function ManualRun(props: ManualRunItemProps) {
  const { module, isFailed, retry } = useLazyChunk(manualRunChunk);
  if (module) return <module.ManualRunItem {...props} />;
  if (!isFailed) return null;
  return (
    <>
      <FailedText role="alert">{MANUAL_RUN_FAILED_TEXT}</FailedText>
      <RetryItem
        onSelect={(event) => {
          event.preventDefault();
          retry();
        }}
      >
        Try again
      </RetryItem>
    </>
  );
}
