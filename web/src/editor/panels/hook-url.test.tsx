import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { EditorProvider } from '../editor-context.js';
import { apiError, makeEditor } from './test-kit.js';
import { HookUrl } from './TriggerTest.js';

afterEach(cleanup);

async function show(answer: () => unknown) {
  const { editor } = await makeEditor({ 'GET /api/workflows/{id}/hook': answer });
  render(
    <ThemeProvider theme={theme}>
      <RootStoreProvider store={createRootStore({ api: editor.env.api })}>
        <ToastProvider>
          <EditorProvider store={editor}>
            <HookUrl />
          </EditorProvider>
        </ToastProvider>
      </RootStoreProvider>
    </ThemeProvider>,
  );
}

const HOOK = 'http://127.0.0.1:5000/hooks/abcdefghijklmnopqrstuvwxyz012345';

describe('the webhook URL field (editor-core 2.11)', () => {
  it('says it is getting the URL, with Copy off, until the answer fills it in', async () => {
    let answer: (value: unknown) => void = () => undefined;
    await show(() => new Promise((resolve) => (answer = resolve)));
    const field = screen.getByLabelText('Webhook URL') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('Getting your webhook URL…');
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer({ url: HOOK }));
    expect(field.value).toBe(HOOK);
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why when the URL cannot be had, and tries again on request', async () => {
    let calls = 0;
    await show(() => {
      calls += 1;
      if (calls === 1) throw apiError(500, 'The database is not answering.');
      return { url: HOOK };
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Could not get this workflow's webhook URL: The database is not answering.");
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(((await screen.findByLabelText('Webhook URL')) as HTMLInputElement).value).toBe(HOOK);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
