import { TRY_AGAIN_LABEL, UNREACHABLE_TEXT } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';

/** What the banner adds to core's one unreachable sentence: where the edits are. */
export const KEPT_CHANGES_TEXT = 'Your changes are kept in this tab and saved when the server is back.';
/** The toast once the kept changes are saved. */
export const RECONNECTED_TEXT = 'Connection restored: your changes are saved.';

/** Waits between save retries while unreachable: 2 s doubling up to 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 2000 * 2 ** Math.max(0, attempt));
}

const Banner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.warningSubtle};
  border-bottom: 1px solid ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.font.size.body};
  button {
    margin-left: auto;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.warningText};
    border-radius: ${({ theme }) => theme.radius.small};
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
    &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  }
`;

/** Tries the save again; clears the state when nothing is left to save. */
async function retrySave(editor: IEditorStore): Promise<void> {
  await editor.saveNow();
  if (!editor.hasUnsavedChanges) editor.markReachable();
}

/**
 * The visible error state while the server cannot be reached: a banner over the
 * canvas, edits kept in the page, saves retried (2 s doubling to 30 s, at once when the
 * browser says it is online, or with Try again); a toast says when they are saved.
 */
export const ConnectionBanner = observer(function ConnectionBanner() {
  const editor = useEditor();
  const { showToast } = useToast();
  const isUnreachable = editor.isUnreachable;
  const failures = editor.saveFailures;
  const attempt = useRef(0);
  const wasUnreachable = useRef(false);

  useEffect(() => {
    if (isUnreachable) {
      wasUnreachable.current = true;
      return;
    }
    attempt.current = 0;
    if (wasUnreachable.current) {
      wasUnreachable.current = false;
      showToast({ status: 'success', message: RECONNECTED_TEXT });
    }
  }, [isUnreachable, showToast]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each failed retry (a new failure count) schedules the next one.
  useEffect(() => {
    if (!isUnreachable) return;
    const timer = setTimeout(() => {
      attempt.current += 1;
      void retrySave(editor);
    }, retryDelayMs(attempt.current));
    const onOnline = () => void retrySave(editor);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [editor, isUnreachable, failures]);

  if (!isUnreachable) return null;
  return (
    <Banner role="alert" data-testid="unreachable-banner">
      <span aria-hidden="true">⚠</span>
      <span>
        {UNREACHABLE_TEXT} {KEPT_CHANGES_TEXT}
      </span>
      <button type="button" onClick={() => void retrySave(editor)}>
        {TRY_AGAIN_LABEL}
      </button>
    </Banner>
  );
});
