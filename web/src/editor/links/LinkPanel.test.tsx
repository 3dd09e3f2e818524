import { type ApiClient, createNewWorkflow } from '@junction/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider, theme } from '../../ui/index.js';
import { toastViewChunk } from '../../ui/Toast.js';
import { EditorProvider } from '../editor-context.js';
import { setPillText } from '../fields/test-support.js';
import { createEditorStore, type IEditorStore } from '../model/editor-store.js';
import { LinkPanel } from './LinkPanel.js';

// The toast's region as a page has it after its first toast (ui/Toast.tsx fetches it then).
beforeAll(() => toastViewChunk.load());

afterEach(cleanup);

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => 0 };

async function renderPanel(kind: 'filter' | 'delay') {
  const doc = createNewWorkflow(env, { id: 'wf' });
  const api = { get: vi.fn(async () => ({ id: 'wf', name: doc.name, active: false, revision: 1, document: doc })) };
  const editor: IEditorStore = createEditorStore({ ...env, api: api as unknown as ApiClient, notifyError: vi.fn() });
  await editor.load('wf');
  const linkId = editor.wf.links[0].id;
  editor.openLinkPanel(linkId, kind);
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <EditorProvider store={editor}>
          <LinkPanel />
        </EditorProvider>
      </ToastProvider>
    </ThemeProvider>,
  );
  return { editor, linkId };
}

describe('the filter panel (editor-core 2.10)', () => {
  it('saves "Only continue if" rules with + And and an Or group, naming the filter', async () => {
    const { editor, linkId } = await renderPanel('filter');
    expect(screen.getByRole('heading', { name: 'Only continue if' })).toBeTruthy();
    setPillText(screen.getByLabelText('Field of rule 1'), '${t.amount}');
    fireEvent.change(screen.getByLabelText('Condition of rule 1'), { target: { value: 'greaterThan' } });
    setPillText(screen.getByLabelText('Value of rule 1'), '10');
    fireEvent.click(screen.getByRole('button', { name: '+ Add "Or" rule group' }));
    const fields = screen.getAllByLabelText('Field of rule 1');
    setPillText(fields[1], '${t.vip}');
    fireEvent.change(screen.getAllByLabelText('Condition of rule 1')[1], { target: { value: 'isTrue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));

    const link = editor.wf.links.find((l) => l.id === linkId);
    expect(link?.name).toBe('Filter: amount OR vip');
    expect(link?.groups).toEqual([
      [{ lhs: '${t.amount}', conditionType: 'greaterThan', rhs: '10' }],
      [{ lhs: '${t.vip}', conditionType: 'isTrue', rhs: '' }],
    ]);
    expect(editor.linkPanel).toBeNull();
    expect(screen.getByText('Filter: amount OR vip saved')).toBeTruthy();
  });

  it('saves the Filter Name the user typed, shows it again, and goes back to the automatic name when emptied', async () => {
    const { editor, linkId } = await renderPanel('filter');
    const name = screen.getByRole('textbox', { name: 'Filter Name' }) as HTMLInputElement;
    expect(name.value).toBe('');
    setPillText(screen.getByLabelText('Field of rule 1'), '${t.vip}');
    fireEvent.change(screen.getByLabelText('Condition of rule 1'), { target: { value: 'isTrue' } });
    fireEvent.change(name, { target: { value: '  VIP customers only ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(editor.wf.links.find((l) => l.id === linkId)?.name).toBe('VIP customers only');
    expect(screen.getByText('VIP customers only saved')).toBeTruthy();

    editor.openLinkPanel(linkId, 'filter');
    const again = (await screen.findByRole('textbox', { name: 'Filter Name' })) as HTMLInputElement;
    expect(again.value).toBe('VIP customers only');
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(editor.wf.links.find((l) => l.id === linkId)?.name).toBe('Filter: vip');
  });

  it('refuses a Filter Name over the limit beside the box', async () => {
    const { editor, linkId } = await renderPanel('filter');
    setPillText(screen.getByLabelText('Field of rule 1'), '${t.vip}');
    fireEvent.change(screen.getByLabelText('Condition of rule 1'), { target: { value: 'isTrue' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter Name' }), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(screen.getByRole('alert').textContent).toBe('A filter name is at most 200 characters.');
    expect(screen.getByRole('textbox', { name: 'Filter Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(editor.wf.links.find((l) => l.id === linkId)?.name).toBe('');
  });

  it('names the problem beside an incomplete rule and saves nothing', async () => {
    const { editor } = await renderPanel('filter');
    fireEvent.click(screen.getByRole('button', { name: '+ And' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(screen.getAllByText('Choose the field to check.')).toHaveLength(2);
    expect(screen.getAllByLabelText('Field of rule 1')[0].closest('[aria-invalid]')?.getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(editor.wf.links[0].groups).toEqual([]);
    expect(editor.linkPanel).not.toBeNull();
  });
});

describe('the delay panel (editor-core 2.10)', () => {
  it('saves "Delay Time (seconds)" with Save delay, and refuses a negative delay', async () => {
    const { editor } = await renderPanel('delay');
    const input = screen.getByLabelText('Delay Time (seconds)') as HTMLInputElement;
    expect(input.value).toBe('0');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save delay' }));
    expect(screen.getByText('Enter a whole number of seconds, 0 or more.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save delay' }));
    expect(editor.wf.links[0].delaySeconds).toBe(30);
    expect(editor.linkPanel).toBeNull();
  });
});
