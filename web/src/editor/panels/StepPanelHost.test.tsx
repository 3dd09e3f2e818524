import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { APP_CHANGED_EVENT, EditorProvider } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';
import { StepPanelHost } from './StepPanelHost.js';
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

describe('StepPanelHost', () => {
  it('draws the panel in the render that follows the click once its chunk is in (no Suspense reveal to wait for)', async () => {
    const { editor, actionId, triggerId } = await makeEditor({ 'GET /api/apps': () => ({ items: [] }) });
    render(wrap(editor, <StepPanelHost />));
    // The host fetches the panels' chunk once the editor is idle, and puts the panel's styles
    // in the page with a hidden copy of its parts.
    await waitFor(() => expect(document.querySelector('[aria-hidden="true"][hidden]')).not.toBeNull(), {
      timeout: 5000,
    });
    expect(screen.queryByTestId('step-panel')).toBeNull();
    // The selection's render commits the panel itself: nothing is left to resolve after it.
    act(() => editor.select(actionId));
    expect(screen.getByTestId('step-panel')).toBeTruthy();
    act(() => editor.select(triggerId));
    expect(screen.getByTestId('step-panel')).toBeTruthy();
    act(() => editor.select(null));
    expect(screen.queryByTestId('step-panel')).toBeNull();
  });

  it("reads an app's definition again once the custom-trigger wizard says the app changed (onboarding 4)", async () => {
    const { editor, calls } = await makeEditor({
      'GET /api/apps': () => ({ items: [] }),
      'GET /api/apps/{appSlug}': () => CRM_APP,
    });
    render(wrap(editor, <StepPanelHost />));
    const reads = () => calls.filter((call) => call.path === '/api/apps/{appSlug}').length;
    await editor.catalog.definition(CRM_APP.appSlug);
    await editor.catalog.definition(CRM_APP.appSlug);
    expect(reads()).toBe(1);
    act(() => {
      window.dispatchEvent(new CustomEvent(APP_CHANGED_EVENT, { detail: { app: CRM_APP.appSlug } }));
    });
    await editor.catalog.definition(CRM_APP.appSlug);
    expect(reads()).toBe(2);
  });
});
