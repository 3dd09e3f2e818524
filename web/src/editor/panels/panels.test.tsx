import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREMIUM_TEXTS } from '../../shared/premium.js';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';
import { CustomEventDialog } from './CustomEventDialog.js';
import { FieldEditor } from './FieldEditor.js';
import { StepPanelModel } from './panel-step.js';
import { StepPanel } from './StepPanel.js';
import { StepPanelHost } from './StepPanelHost.js';
import { TestViewer } from './TestViewer.js';
import { CRM_APP, makeEditor } from './test-kit.js';

afterEach(cleanup);

function wrap(editor: IEditorStore, children: ReactNode) {
  return (
    <ThemeProvider theme={theme}>
      <RootStoreProvider store={createRootStore({ api: editor.env.api })}>
        <ToastProvider>
          <EditorProvider store={editor}>{children}</EditorProvider>
        </ToastProvider>
      </RootStoreProvider>
    </ThemeProvider>
  );
}

describe('step panel rendering (editor-core 2.7–2.11)', () => {
  it('shows the empty "1. Trigger" card with the Schedule, Webhook and Forms quick choices', async () => {
    const { editor, triggerId } = await makeEditor({ 'GET /api/apps': () => ({ items: [] }) });
    const catalog = editor.catalog;
    render(wrap(editor, <StepPanel stepId={triggerId} catalog={catalog} />));
    expect(screen.getByRole('heading', { name: '1. Trigger' })).toBeTruthy();
    for (const name of ['Schedule', 'Webhook', 'Forms by Junction']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'Type to search for an App' })).toBeTruthy();
  });

  it('opens the panel of the selected step only, and closes it with ×', async () => {
    const { editor, actionId } = await makeEditor({ 'GET /api/apps': () => ({ items: [] }) });
    render(wrap(editor, <StepPanelHost />));
    expect(screen.queryByTestId('step-panel')).toBeNull();
    editor.select(actionId);
    const panel = await screen.findByTestId('step-panel');
    expect(within(panel).getByRole('button', { name: /App/ }).getAttribute('aria-expanded')).toBe('true');
    expect((within(panel).getByRole('button', { name: /Event/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expect(editor.selectedStepId).toBeNull();
  });

  it('marks required fields, offers Yes/No for booleans and shows unknown references', async () => {
    const { editor, actionId } = await makeEditor({});
    const onChange = vi.fn();
    render(
      wrap(
        editor,
        <>
          <FieldEditor
            stepId={actionId}
            appLabel="Demo CRM"
            field={{ name: 'vip', title: 'VIP', required: true, schema: { type: 'boolean' } }}
            onChange={onChange}
          />
          <FieldEditor
            stepId={actionId}
            appLabel="Demo CRM"
            field={{ name: 'note', title: 'Note', value: 'Hi ${gone.name}', schema: { type: 'string' } }}
            onChange={onChange}
          />
        </>,
      ),
    );
    expect(screen.getByText('(required)', { exact: false })).toBeTruthy();
    const vip = screen.getByRole('combobox', { name: /VIP/ });
    expect(
      within(vip)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose...', 'Yes', 'No']);
    fireEvent.change(vip, { target: { value: 'yes' } });
    expect(onChange).toHaveBeenCalledWith(true);
    // editor-core 2.7: the reference is a red pill naming why it does not resolve, never raw text.
    const pill = screen.getByText('Unknown Reference · name');
    expect(pill.className).toContain('cm-pill-broken');
    expect(pill.getAttribute('title')).toMatch(/^Unknown Reference: the step it points to is not before this one/);
    expect(screen.getByRole('textbox', { name: 'Note' }).textContent).not.toContain('${');
  });

  it('makes a dynamic dropdown one combobox: search, options and Load More in one popover, the choice by label', async () => {
    const pages: Record<string, { options: { value: string; label: string }[]; next?: string }> = {
      first: { options: [{ value: 'l1', label: 'Customers' }], next: 'p2' },
      p2: { options: [{ value: 'l2', label: 'Suppliers' }] },
    };
    const { editor, actionId } = await makeEditor({
      'POST /api/apps/{appSlug}/dropdowns': (call) => {
        const body = call.init?.body as { cursor?: string };
        return pages[body.cursor ?? 'first'];
      },
    });
    const onChange = vi.fn();
    const field = {
      name: 'list',
      title: 'List',
      schema: { type: 'string' as const, dynamic: 'demo-crm.Lists.listLists.0.id.name' },
    };
    const { rerender } = render(
      wrap(editor, <FieldEditor stepId={actionId} appLabel="Demo CRM" field={field} onChange={onChange} />),
    );
    fireEvent.click(screen.getByRole('button', { name: 'List: nothing chosen' }));
    const search = await screen.findByRole('combobox', { name: 'Search List' });
    await screen.findByRole('option', { name: 'Customers' });
    const popover = search.closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Load More' }));
    await screen.findByRole('option', { name: 'Suppliers' });
    expect(within(popover).queryByRole('button', { name: 'Load More' })).toBeNull();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('l2');
    rerender(
      wrap(
        editor,
        <FieldEditor stepId={actionId} appLabel="Demo CRM" field={{ ...field, value: 'l2' }} onChange={onChange} />,
      ),
    );
    expect(screen.getByRole('button', { name: 'List: Suppliers' }).textContent).toBe('Suppliers');
    // No native select beside a separate search box.
    expect(document.querySelector('select')).toBeNull();
  });

  it('shows the test output under Data, Raw Console and Response', () => {
    render(
      <ThemeProvider theme={theme}>
        <TestViewer output={{ id: 'c1' }} response={{ ok: true, statusCode: 201 }} />
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Data', 'Raw Console', 'Response']);
    fireEvent.click(screen.getByRole('tab', { name: 'Raw Console' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('"id": "c1"');
    fireEvent.click(screen.getByRole('tab', { name: 'Response' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('201');
  });
});

describe('custom events are premium (editor-core 2.8, 6)', () => {
  async function openCustomEvent(plan: string) {
    const { editor, actionId } = await makeEditor({
      'GET /api/auth/me': () => ({
        id: 'u1',
        email: 'ada@example.com',
        currentTenantId: 't1',
        tenants: [{ role: 'owner', tenant: { id: 't1', name: 'Ada', plan, planStatus: 'active' } }],
      }),
      'GET /api/apps/{appSlug}': () => CRM_APP,
    });
    editor.wf.updateStep(actionId, { type: 'demo-crm', label: 'Demo CRM' });
    const model = editor.createPanelModel(StepPanelModel, { stepId: actionId }, { now: () => 0 });
    model.setCustomEventOpen(true);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(wrap(editor, <CustomEventDialog model={model} product="Junction" />));
    await vi.waitFor(() => expect(editor.env.api.get).toHaveBeenCalledWith('/api/auth/me', expect.anything()));
    // Let the plan arrive (and render) before the click.
    const get = editor.env.api.get as unknown as { mock: { calls: unknown[][]; results: { value: unknown }[] } };
    const me = get.mock.calls.findIndex(([path]) => path === '/api/auth/me');
    await act(async () => {
      await get.mock.results[me].value;
    });
    return { open };
  }

  afterEach(() => vi.restoreAllMocks());

  it("a free, active workspace sees the premium offer on 'I'll do it myself'; No thanks opens the wizard", async () => {
    const { open } = await openCustomEvent('free');
    expect(screen.getByRole('dialog', { name: "Let's add an event to Demo CRM!" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "I'll do it myself" }));
    const offer = await screen.findByRole('dialog', { name: PREMIUM_TEXTS.title });
    expect(offer.textContent).toContain('$6 for your first month');
    expect(screen.queryByRole('dialog', { name: "Let's add an event to Demo CRM!" })).toBeNull();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(open).toHaveBeenCalledWith('/develop/demo-crm/actions', '_blank');
  });

  it('a premium workspace goes straight to the wizard', async () => {
    const { open } = await openCustomEvent('premium');
    fireEvent.click(screen.getByRole('button', { name: "I'll do it myself" }));
    expect(open).toHaveBeenCalledWith('/develop/demo-crm/actions', '_blank');
    expect(screen.queryByRole('dialog', { name: PREMIUM_TEXTS.title })).toBeNull();
  });
});
