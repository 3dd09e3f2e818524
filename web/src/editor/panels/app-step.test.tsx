import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { PREMIUM_TEXTS } from '../../shared/premium.js';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';
import { StepPanel } from './StepPanel.js';
import { makeEditor } from './test-kit.js';

afterEach(cleanup);

/** The catalogue as GET /api/apps lists the built-ins (the server sets hasTriggers with core's rule). */
const APPS = [
  { appSlug: 'schedule', appName: 'Schedule', source: 'builtin', disableAuth: true, hasTriggers: true },
  { appSlug: 'webhook', appName: 'Webhook', source: 'builtin', disableAuth: true, hasTriggers: true },
  { appSlug: 'http', appName: 'HTTP request', source: 'builtin', disableAuth: true, hasTriggers: false },
  { appSlug: 'filter', appName: 'Filter', source: 'builtin', disableAuth: true, hasTriggers: false },
  { appSlug: 'delay', appName: 'Delay', source: 'builtin', disableAuth: true, hasTriggers: false },
  { appSlug: 'formatter', appName: 'Formatter', source: 'builtin', disableAuth: true, hasTriggers: false },
  { appSlug: 'demo-crm', appName: 'Demo CRM', source: 'builtin', apiType: 'apikey', hasTriggers: true },
  { appSlug: 'slack', appName: 'Slack', source: 'first100', apiType: 'oauth2', hasTriggers: true },
];

const me = (plan: string) => () => ({
  id: 'u1',
  email: 'ada@example.com',
  currentTenantId: 't1',
  tenants: [{ role: 'owner', tenant: { id: 't1', name: 'Ada', plan, planStatus: 'active' } }],
});

async function openPanel(plan: string, which: 'trigger' | 'action') {
  const { editor, triggerId, actionId } = await makeEditor({
    'GET /api/apps': () => ({ items: APPS }),
    'GET /api/auth/me': me(plan),
    'GET /api/apps/{appSlug}': () => ({
      appSlug: 'formatter',
      appName: 'Formatter',
      disableAuth: true,
      authInfo: {},
      actions: { text: { title: 'Text', method: 'post', url: '', fields: [] } },
      triggers: {},
    }),
  });
  const catalog = editor.catalog;
  await catalog.load();
  render(
    <ThemeProvider theme={theme}>
      <RootStoreProvider store={createRootStore({ api: editor.env.api })}>
        <ToastProvider>
          <EditorProvider store={editor as IEditorStore}>
            <StepPanel stepId={which === 'trigger' ? triggerId : actionId} catalog={catalog} />
          </EditorProvider>
        </ToastProvider>
      </RootStoreProvider>
    </ThemeProvider>,
  );
  // The plan arrives with GET /api/auth/me.
  await act(async () => {
    await Promise.resolve();
  });
  return { editor, actionId };
}

const appNames = () =>
  within(screen.getByRole('list', { name: 'Apps' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the App step lists (editor-core 2.8, 2.9)', () => {
  it("a trigger's app list offers only apps that have triggers", async () => {
    await openPanel('premium', 'trigger');
    fireEvent.click(screen.getByRole('tab', { name: 'ALL' }));
    const names = appNames().join('|');
    for (const name of ['Schedule', 'Webhook', 'Demo CRM', 'Slack']) expect(names).toContain(name);
    for (const name of ['HTTP request', 'Filter', 'Delay', 'Formatter']) expect(names).not.toContain(name);
  });

  it('Popular includes the Demo CRM', async () => {
    await openPanel('premium', 'trigger');
    fireEvent.click(screen.getByRole('tab', { name: 'Popular' }));
    expect(screen.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
    expect(appNames()).toEqual([expect.stringContaining('Demo CRM'), expect.stringContaining('Slack')]);
  });

  it("an action's app list still offers Formatter and HTTP request", async () => {
    await openPanel('premium', 'action');
    const names = appNames().join('|');
    expect(names).toContain('Formatter');
    expect(names).toContain('HTTP request');
  });
});

describe('Formatter in the App step is premium (editor-core 6)', () => {
  it('a free workspace sees the premium offer; No thanks goes on with Formatter', async () => {
    const { editor, actionId } = await openPanel('free', 'action');
    fireEvent.click(within(screen.getByRole('list', { name: 'Apps' })).getByRole('button', { name: /Formatter/ }));
    const offer = await screen.findByRole('dialog', { name: PREMIUM_TEXTS.title });
    expect(offer.textContent).toContain(PREMIUM_TEXTS.price);
    expect(editor.wf.stepById(actionId)?.data.type).toBe('');
    fireEvent.click(within(offer).getByRole('button', { name: PREMIUM_TEXTS.noThanks }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(editor.wf.stepById(actionId)?.data.type).toBe('formatter');
  });

  it('a premium workspace chooses Formatter straight away', async () => {
    const { editor, actionId } = await openPanel('premium', 'action');
    fireEvent.click(within(screen.getByRole('list', { name: 'Apps' })).getByRole('button', { name: /Formatter/ }));
    expect(screen.queryByRole('dialog', { name: PREMIUM_TEXTS.title })).toBeNull();
    expect(editor.wf.stepById(actionId)?.data.type).toBe('formatter');
  });
});
