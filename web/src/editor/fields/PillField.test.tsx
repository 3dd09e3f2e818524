import { deleteCharBackward } from '@codemirror/commands';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';
import { makeEditor } from '../panels/test-kit.js';
import { PillField } from './PillField.js';

afterEach(cleanup);

function Harness({ editor, stepId, initial }: { editor: IEditorStore; stepId: string; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProvider theme={theme}>
      <EditorProvider store={editor}>
        <PillField stepId={stepId} label="Message" value={value} onChange={setValue} />
        <output data-testid="stored">{value}</output>
      </EditorProvider>
    </ThemeProvider>
  );
}

async function setUp(initial: (triggerId: string) => string) {
  const { editor, triggerId, actionId } = await makeEditor({});
  editor.wf.renameStep(triggerId, 'New order');
  editor.wf.updateStep(triggerId, { testData: { name: 'Ada', items: [{ sku: 'A-1' }] } });
  render(<Harness editor={editor} stepId={actionId} initial={initial(triggerId)} />);
  const field = screen.getByRole('textbox', { name: 'Message' });
  const view = EditorView.findFromDOM(field);
  if (!view) throw new Error('no editor view');
  return { editor, triggerId, field, view };
}

describe('pill field (editor-core 2.7, 2.11)', () => {
  it('shows references as "Step · field" pills with the sample value on hover, never raw', async () => {
    const { field } = await setUp((t) => `Hi \${${t}.name}, you bought \${${t}.items[0].sku}`);
    const pills = field.querySelectorAll('.cm-pill');
    expect([...pills].map((p) => p.textContent)).toEqual(['New order · name', 'New order · items 1 › sku']);
    expect(pills[0].getAttribute('title')).toBe('New order · name: Ada');
    expect(field.textContent).not.toContain('${');
  });

  it('deletes a pill as one character and keeps the stored reference text in step', async () => {
    const { triggerId, view } = await setUp((t) => `Hi \${${t}.name}`);
    act(() => {
      view.dispatch({ selection: { anchor: view.state.doc.length } });
      deleteCharBackward(view);
    });
    expect(screen.getByTestId('stored').textContent).toBe('Hi ');
    expect(view.state.doc.toString()).not.toContain(triggerId);
  });

  it('turns pasted reference text into a pill and marks a missing field red with the reason', async () => {
    const { triggerId, view, field } = await setUp(() => '');
    act(() => {
      view.dispatch({ changes: { from: 0, insert: `\${${triggerId}.email}` }, userEvent: 'input.paste' });
    });
    const pill = field.querySelector('.cm-pill');
    expect(pill?.className).toContain('cm-pill-broken');
    expect(pill?.getAttribute('title')).toBe('"email" is not in the test data of "New order".');
  });

  it('opens a searchable Insert Data picker and inserts the chosen value at the cursor', async () => {
    const { triggerId } = await setUp(() => 'Dear ');
    fireEvent.click(screen.getByRole('button', { name: 'Insert Data...' }));
    const search = await screen.findByRole('combobox', { name: 'Search data from earlier steps' });
    fireEvent.change(search, { target: { value: 'sku' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['New order: items 1 › skuA-1']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('stored').textContent).toBe(`Dear \${${triggerId}.items[0].sku}`);
  });

  it('keeps a one-line field on one line', async () => {
    const { view } = await setUp(() => '');
    act(() => {
      view.dispatch({ changes: { from: 0, insert: 'a\nb' } });
    });
    expect(screen.getByTestId('stored').textContent).toBe('a b');
  });
});
