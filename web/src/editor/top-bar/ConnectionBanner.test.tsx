import { type ApiClient, ApiError, createNewWorkflow, UNREACHABLE_TEXT, type WorkflowDocument } from '@junction/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import { createEditorStore, type IEditorStore } from '../model/editor-store.js';
import { ConnectionBanner, RECONNECTED_TEXT, retryDelayMs } from './ConnectionBanner.js';

afterEach(cleanup);

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 0 };

describe('the unreachable-server state', () => {
  it('shows a banner while saves cannot reach the server, keeps the edits, and saves them when it is back', async () => {
    const doc = createNewWorkflow(env, { id: 'wf' });
    let isDown = true;
    const saved: WorkflowDocument[] = [];
    const api = {
      get: vi.fn(async () => ({ id: 'wf', name: doc.name, active: false, revision: 1, document: doc })),
      put: vi.fn(async (_path: string, init: { body: { document: WorkflowDocument } }) => {
        if (isDown)
          throw new ApiError({ type: 'about:blank', code: 'network.unreachable', title: 'Network error', status: 0 });
        saved.push(init.body.document);
        return { id: 'wf', name: init.body.document.name, active: false, revision: 2, document: init.body.document };
      }),
    } as unknown as ApiClient;
    const notifyError = vi.fn();
    const editor: IEditorStore = createEditorStore({ ...env, api, notifyError });
    await editor.load('wf');
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <EditorProvider store={editor}>
            <ConnectionBanner />
          </EditorProvider>
        </ToastProvider>
      </ThemeProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    editor.wf.setName('Kept while offline');
    await act(() => editor.saveNow());
    expect(screen.getByRole('alert').textContent).toContain(UNREACHABLE_TEXT);
    await act(() => editor.saveNow());
    // One toast for the outage, not one per retry.
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(editor.wf.name).toBe('Kept while offline');

    isDown = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await screen.findByText(RECONNECTED_TEXT);
    expect(screen.queryByTestId('unreachable-banner')).toBeNull();
    expect(saved.at(-1)?.name).toBe('Kept while offline');
    expect(editor.hasUnsavedChanges).toBe(false);
  });

  it('retries after 2 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('opening a workflow while the server cannot be reached', () => {
  it('tells an unreachable server apart from a missing workflow', async () => {
    const failWith = (status: number, code: string) =>
      ({
        get: vi.fn(async () => {
          throw new ApiError({ type: 'about:blank', code, title: 'x', status });
        }),
      }) as unknown as ApiClient;
    const down = createEditorStore({ ...env, api: failWith(0, 'network.unreachable'), notifyError: vi.fn() });
    await down.load('wf');
    expect([down.loadPhase, down.loadFailedUnreachable, down.loadProblem?.text]).toEqual([
      'failed',
      true,
      UNREACHABLE_TEXT,
    ]);
    const busy = createEditorStore({ ...env, api: failWith(503, 'server.unavailable'), notifyError: vi.fn() });
    await busy.load('wf');
    expect([busy.loadPhase, busy.loadFailedUnreachable]).toEqual(['failed', true]);
    const missing = createEditorStore({ ...env, api: failWith(404, 'resource.not_found'), notifyError: vi.fn() });
    await missing.load('wf');
    expect([missing.loadPhase, missing.loadFailedUnreachable]).toEqual(['failed', false]);
  });
});
