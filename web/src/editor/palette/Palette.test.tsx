import { type ApiClient, ApiError, createNewWorkflow } from '@junction/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PremiumOffer } from '../../shared/PremiumOffer.js';
import { isOfferedPremium, PREMIUM_TEXTS } from '../../shared/premium.js';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import { createEditorStore, type IEditorStore } from '../model/editor-store.js';
import { Palette } from './Palette.js';

afterEach(cleanup);

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 0 };

// The catalogue as GET /api/apps lists it (the messaging apps' category is the server catalogue's).
const catalogue = [
  { appSlug: 'notion', appName: 'Notion', category: 'Productivity', apiType: 'oauth2' },
  { appSlug: 'slack', appName: 'Slack', category: 'Communication', apiType: 'oauth2', iconURL: '/icons/slack.svg' },
  { appSlug: 'telegram', appName: 'Telegram', category: 'Communication', apiType: 'apikey' },
  { appSlug: 'discord', appName: 'Discord', category: 'Communication', apiType: 'apikey' },
];

async function renderPalette(plan: { plan: string; planStatus: string }) {
  const doc = createNewWorkflow(env, { id: 'wf' });
  const api = {
    get: vi.fn(async (path: string) =>
      path === '/api/auth/me'
        ? { currentTenantId: 't1', tenants: [{ role: 'owner', tenant: { id: 't1', name: 'W', ...plan } }] }
        : path === '/api/apps'
          ? { items: catalogue }
          : { id: 'wf', name: doc.name, active: false, revision: 1, document: doc },
    ),
    post: vi.fn(async () => ({ url: 'https://checkout.example.com/session/1' })),
  } as unknown as ApiClient;
  const editor: IEditorStore = createEditorStore({ ...env, api, notifyError: vi.fn() });
  await editor.load('wf');
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <RootStoreProvider store={createRootStore({ api })}>
            <EditorProvider store={editor}>
              <Palette />
            </EditorProvider>
          </RootStoreProvider>
        </ToastProvider>
      </ThemeProvider>,
    );
  });
  return { editor, api };
}

describe('the palette (editor-core 1)', () => {
  it('has the tabs TRIGGERS, ACTIONS and TOOLS; a trigger entry sets the trigger app', async () => {
    const { editor } = await renderPalette({ plan: 'premium', planStatus: 'active' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['TRIGGERS', 'ACTIONS', 'TOOLS']);
    fireEvent.click(screen.getByRole('button', { name: /Webhook/ }));
    expect(editor.wf.steps[0].data.type).toBe('webhook');
    expect(editor.selectedStepId).toBe(editor.wf.steps[0].id);
    // Radix Tabs: the arrow key moves focus to the next tab, which selects it.
    const triggers = screen.getByRole('tab', { name: 'TRIGGERS' });
    triggers.focus();
    fireEvent.keyDown(triggers, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'ACTIONS' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getByRole('tabpanel', { name: 'ACTIONS' }).textContent).toContain('HTTP request');
  });
});

describe("the palette's messaging action (editor-core 1)", () => {
  it("ACTIONS offers the catalogue's messaging apps; choosing one adds that app's step", async () => {
    const { editor } = await renderPalette({ plan: 'premium', planStatus: 'active' });
    fireEvent.click(screen.getByRole('tab', { name: 'ACTIONS' }));
    const panel = await screen.findByRole('tabpanel', { name: 'ACTIONS' });
    await waitFor(() => expect(panel.textContent).toContain('Slack'), { timeout: 10_000 });
    expect(panel.textContent).toContain('Telegram');
    expect(panel.textContent).toContain('Discord');
    expect(panel.textContent).not.toContain('Notion');
    fireEvent.click(screen.getByRole('button', { name: /Slack/ }));
    // Adding an action waits for core's layout chunk: on a loaded machine that takes seconds.
    await waitFor(() => expect(editor.wf.steps).toHaveLength(3), { timeout: 10_000 });
    expect(editor.wf.steps[2].data).toMatchObject({ type: 'slack', label: 'Slack', hasauth: true });
  });
});

describe('the premium offer (editor-core 6)', () => {
  it('is offered to a free plan with active status only', () => {
    expect(isOfferedPremium({ plan: 'free', planStatus: 'active' })).toBe(true);
    expect(isOfferedPremium({ plan: 'free', planStatus: 'canceled' })).toBe(false);
    expect(isOfferedPremium({ plan: 'premium', planStatus: 'active' })).toBe(false);
    expect(isOfferedPremium(null)).toBe(false);
  });

  it('opens on a data-formatting app; No thanks dismisses it and adds the step', async () => {
    const { editor } = await renderPalette({ plan: 'free', planStatus: 'active' });
    fireEvent.click(screen.getByRole('tab', { name: 'TOOLS' }));
    fireEvent.click(screen.getByRole('button', { name: /Formatter/ }));
    const dialog = await screen.findByRole('dialog', { name: PREMIUM_TEXTS.title });
    expect(dialog.textContent).toContain('$6 for your first month');
    expect(dialog.textContent).toContain('$25');
    expect(dialog.textContent).toContain('then $25 per month');
    expect(screen.getByRole('link', { name: 'terms' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toBeTruthy();
    expect(editor.wf.steps).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The step is added once core's layout (its own chunk) has loaded.
    await waitFor(() => expect(editor.wf.steps.map((s) => s.data.type)).toContain('formatter'));
  });

  it('is not offered to a premium tenant', async () => {
    const { editor } = await renderPalette({ plan: 'premium', planStatus: 'active' });
    fireEvent.click(screen.getByRole('tab', { name: 'TOOLS' }));
    fireEvent.click(screen.getByRole('button', { name: /Formatter/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(editor.wf.steps).toHaveLength(3));
  });
});

describe('Get offer (editor-core 6, 7.3)', () => {
  it('starts checkout and sends the browser to it; a refusal is shown in the dialog', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          type: 'about:blank',
          code: 'state.conflict',
          title: 'Conflict',
          status: 409,
          detail: 'This workspace is already on the premium plan.',
        }),
      )
      .mockResolvedValueOnce({ url: 'https://checkout.example.com/session/1' });
    const api = { post } as unknown as ApiClient;
    const navigate = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <RootStoreProvider store={createRootStore({ api })}>
          <PremiumOffer open onDismiss={vi.fn()} navigate={navigate} />
        </RootStoreProvider>
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get offer' }));
    // Core's message table words the refusal (a conflict shows the server's detail) after the dialog's lead.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Checkout could not start. This workspace is already on the premium plan.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get offer' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('https://checkout.example.com/session/1'));
    expect(post).toHaveBeenLastCalledWith('/api/checkout', { body: { currentUrl: window.location.href } });
  });
});
