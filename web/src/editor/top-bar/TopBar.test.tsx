import {
  type ApiClient,
  ApiError,
  createLink,
  createStepData,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from '@junction/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadActivationCheck } from '../../stores/activation-check.js';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { toastViewChunk } from '../../ui/Toast.js';
import { EditorProvider } from '../editor-context.js';
import { createEditorStore, type IEditorStore } from '../model/editor-store.js';
import { ACTIVATION_TEXTS } from './activation.js';
import { HELP_LINKS } from './HelpMenu.js';
import { SHARE_TEXTS } from './share.js';
import { TopBar } from './TopBar.js';

// The toast's region as a page has it after its first toast (ui/Toast.tsx fetches it then).
beforeAll(() => toastViewChunk.load());

// The switch asks for core's activation rule (a chunk of its own) once it is on screen.
beforeAll(() => loadActivationCheck());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 1_700_000_000_000 };

/** A webhook → HTTP workflow; `tested` decides whether its steps have test data (blocking issues). */
function workflow(tested: boolean): WorkflowDocument {
  const sample = tested ? { ok: true } : null;
  return {
    schemaVersion: WORKFLOW_SCHEMA_VERSION,
    id: 'wf-1',
    name: 'Leads',
    active: false,
    steps: [
      {
        id: 't',
        kind: 'trigger',
        position: { x: 0, y: 0 },
        data: createStepData({ name: 'Webhook', type: 'webhook', label: 'Webhook', action: 'catch', testData: sample }),
      },
      {
        id: 'a',
        kind: 'action',
        position: { x: 0, y: 200 },
        data: createStepData({
          name: 'POST',
          type: 'http',
          label: 'HTTP request',
          action: 'request',
          testData: sample,
        }),
      },
    ],
    links: [createLink({ id: 'l', source: 't', target: 'a' })],
  };
}

interface FakeOptions {
  failActive?: ApiError;
  shareUrl?: string;
}

function fakeApi(doc: WorkflowDocument, options: FakeOptions = {}) {
  let stored: StoredWorkflow = { id: doc.id, name: doc.name, active: doc.active, revision: 1, document: doc };
  const calls: string[] = [];
  const api = {
    // The account menu asks who is signed in only when a token is at hand.
    getToken: () => null,
    get: vi.fn(async () => stored),
    post: vi.fn(async (path: string, init: { body: unknown }) => {
      calls.push(`POST ${path} ${JSON.stringify(init.body)}`);
      return { templateId: 'tpl-1', url: options.shareUrl ?? 'http://localhost/?template_id=tpl-1' };
    }),
    put: vi.fn(async (path: string, init: { body: { active?: boolean; document?: WorkflowDocument } }) => {
      calls.push(`PUT ${path}`);
      if (path.endsWith('/active')) {
        if (options.failActive) throw options.failActive;
        const active = Boolean(init.body.active);
        stored = { ...stored, active, revision: stored.revision + 1, document: { ...stored.document, active } };
        return { active };
      }
      stored = { ...stored, revision: stored.revision + 1, document: init.body.document as WorkflowDocument };
      return stored;
    }),
  } as unknown as ApiClient;
  return { api, calls };
}

async function renderTopBar(doc: WorkflowDocument, options: FakeOptions = {}) {
  const { api, calls } = fakeApi(doc, options);
  const editor: IEditorStore = createEditorStore({ ...env, api, notifyError: vi.fn() });
  await editor.load(doc.id);
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <MemoryRouter>
          <RootStoreProvider store={createRootStore({ api })}>
            <EditorProvider store={editor}>
              <TopBar token="tok" />
            </EditorProvider>
          </RootStoreProvider>
        </MemoryRouter>
      </ToastProvider>
    </ThemeProvider>,
  );
  return { editor, calls };
}

describe('the ON/OFF switch (editor-core 4.2)', () => {
  it('is disabled, like Share, while a step lacks test data', async () => {
    await renderTopBar(workflow(false));
    expect(screen.getByRole('switch', { name: 'Workflow ON/OFF' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Share' })).toHaveProperty('disabled', true);
  });

  it("Share names the same first problem, not a generic 'test every step'", async () => {
    await renderTopBar(workflow(false));
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share.getAttribute('aria-description')).toBe(
      "Can't share — Webhook: Missing test data. (1 more in Workflow Issues)",
    );
  });

  it('Share names a missing field and its step when that is what blocks', async () => {
    const doc = workflow(true);
    doc.steps[1].data.fields = [{ name: 'url', required: true, value: '' }];
    await renderTopBar(doc);
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toHaveProperty('disabled', true);
    expect(share.getAttribute('aria-description')).toBe('Can\'t share — POST: Missing field "url".');
  });

  it("says why it is blocked: core's first activation problem, with its step", async () => {
    await renderTopBar(workflow(false));
    const toggle = screen.getByRole('switch', { name: 'Workflow ON/OFF' });
    expect(toggle.getAttribute('aria-description')).toBe(
      "Can't switch ON — Webhook: Missing test data. (1 more in Workflow Issues)",
    );
  });

  it('turns ON with "Workflow status: ACTIVE" and OFF with "Workflow status: PAUSED"', async () => {
    const { editor, calls } = await renderTopBar(workflow(true));
    const toggle = screen.getByRole('switch', { name: 'Workflow ON/OFF' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await screen.findByText(ACTIVATION_TEXTS.active);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(editor.wf.active).toBe(true);
    expect(calls).toContain('PUT /api/workflows/{id}/active');
    // The stored revision moved with the switch, so the next save does not conflict.
    expect(editor.revision).toBe(2);
    expect(editor.hasUnsavedChanges).toBe(false);

    fireEvent.click(toggle);
    const paused = await screen.findByText(ACTIVATION_TEXTS.paused);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // Paused is not an error, and not news either: it is shown as a warning.
    expect(paused.closest('[data-status]')?.getAttribute('data-status')).toBe('warning');
  });

  it('stays OFF with the error toast and the server reason when activation fails', async () => {
    const failActive = new ApiError({
      type: 'about:blank',
      code: 'rule.failed',
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The webhook app refused the subscription.',
    });
    await renderTopBar(workflow(true), { failActive });
    fireEvent.click(screen.getByRole('switch', { name: 'Workflow ON/OFF' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(
      'Error: There was a problem activating the workflow. The webhook app refused the subscription.',
    );
    expect(screen.getByRole('switch', { name: 'Workflow ON/OFF' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('the share dialogs (editor-core 2.4)', () => {
  it('shares with a title and description, then copies the template address', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = await renderTopBar(workflow(true));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: SHARE_TEXTS.title });
    expect((screen.getByLabelText('Workflow title') as HTMLInputElement).value).toBe('Leads');
    const description = screen.getByLabelText('Workflow description') as HTMLTextAreaElement;
    expect(description.rows).toBe(10);
    fireEvent.change(description, { target: { value: 'Posts leads' } });
    expect(screen.getByRole('list', { name: 'Apps in this workflow' }).children).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));

    await screen.findByRole('dialog', { name: SHARE_TEXTS.success });
    expect(screen.getByText(SHARE_TEXTS.notShared)).toBeTruthy();
    expect(calls).toContain('POST /api/workflows/{id}/share {"title":"Leads","description":"Posts leads"}');
    const address = screen.getByLabelText('Template URL') as HTMLInputElement;
    expect(address.readOnly).toBe(true);
    expect(address.value).toBe('http://localhost/?template_id=tpl-1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    await waitFor(() => expect(screen.getByText('Copied to clipboard')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('http://localhost/?template_id=tpl-1');
  });
});

describe('the help menu (editor-core 2.2)', () => {
  it('lists Help Desk, Documentation and the developer portal: Video tutorials has no real target yet', () => {
    // The menu itself opens in the browser test (Radix menus need real pointer events).
    expect(HELP_LINKS.map((link) => link.label)).toEqual(['Help Desk', 'Documentation', 'Developer portal']);
  });
});
