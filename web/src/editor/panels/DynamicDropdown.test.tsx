import { ApiError, describeProblem } from '@junction/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IEditorStore } from '../model/editor-store.js';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import { FieldEditor } from './FieldEditor.js';
import { makeEditor } from './test-kit.js';

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

const field = {
  name: 'list',
  title: 'List',
  schema: { type: 'string' as const, dynamic: 'demo-crm.Lists.listLists.0.id.name' },
};

const upstreamFailure = new ApiError({
  type: 'about:blank',
  code: 'upstream.failed',
  title: 'Bad Gateway',
  status: 502,
});

describe('a dynamic dropdown that fails to load (editor-core 2.7)', () => {
  it("says why in core's words as a field error, and Try again loads the list", async () => {
    let fails = true;
    const { editor, actionId } = await makeEditor({
      'POST /api/apps/{appSlug}/dropdowns': () => {
        if (fails) throw upstreamFailure;
        return { options: [{ value: 'l1', label: 'Customers' }] };
      },
    });
    render(wrap(editor, <FieldEditor stepId={actionId} appLabel="Demo CRM" field={field} onChange={vi.fn()} />));
    fireEvent.click(screen.getByRole('button', { name: 'List: nothing chosen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain(describeProblem(upstreamFailure).text);
    expect(alert.textContent).not.toMatch(/^Error:/);
    // Closed again, the field itself still shows the failure, marked invalid, with its retry.
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search List' }), { key: 'Escape' });
    const trigger = screen.getByRole('button', { name: /^List:/ });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(describeProblem(upstreamFailure).text);
    fails = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(trigger);
    await screen.findByRole('option', { name: 'Customers' });
  });
});
