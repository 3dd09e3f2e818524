import { ISSUE_TEXTS, recordTestResult, type StepData, sampleKey } from '@junction/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { createRootStore, RootStoreProvider } from '../../stores/root-store.js';
import { ToastProvider, theme } from '../../ui/index.js';
import { testProblemOf } from '../canvas/canvas-model.js';
import { EditorProvider } from '../editor-context.js';
import type { IEditorStore } from '../model/editor-store.js';
import { StepPanel } from './StepPanel.js';
import { makeEditor } from './test-kit.js';

afterEach(cleanup);

const HTTP_APP = {
  appSlug: 'http',
  appName: 'HTTP request',
  disableAuth: true,
  authInfo: {},
  actions: { request: { title: 'Request', method: 'post', url: '', fields: [] } },
  triggers: {},
};

/** An editor whose action step is an HTTP request whose last test failed with 'Not Found'. */
async function failedAction() {
  const kit = await makeEditor({
    'GET /api/apps': () => ({ items: [] }),
    'GET /api/apps/{appSlug}': () => HTTP_APP,
    'POST /api/workflows/{id}/steps/{stepId}/test': () => ({
      ok: true,
      statusCode: 200,
      output: { id: 'c1' },
      testedAt: '2023-11-14T22:13:20.000Z',
    }),
  });
  const { editor, actionId } = kit;
  editor.wf.updateStep(actionId, { type: 'http', label: 'HTTP request', action: 'request', actionlabel: 'Request' });
  const data = editor.wf.stepById(actionId)!.data as StepData;
  editor.wf.updateStep(actionId, recordTestResult(data, { ok: false, error: 'Not Found', testedAt: 1 }));
  return kit;
}

function renderPanel(editor: IEditorStore, stepId: string) {
  render(
    <ThemeProvider theme={theme}>
      <RootStoreProvider store={createRootStore({ api: editor.env.api })}>
        <ToastProvider>
          <EditorProvider store={editor}>
            <StepPanel stepId={stepId} catalog={editor.catalog} />
          </EditorProvider>
        </ToastProvider>
      </RootStoreProvider>
    </ThemeProvider>,
  );
}

describe("a step's test problem (editor-core 4.8, core's testStateOf)", () => {
  it('is the error of a failed test, the out-of-date text of a stale one, nothing otherwise', async () => {
    const { editor, actionId } = await failedAction();
    const step = () => editor.wf.stepById(actionId)!.data as StepData;
    expect(testProblemOf(step())).toEqual({ status: 'failed', title: ISSUE_TEXTS.testDataError, detail: 'Not Found' });
    editor.wf.updateStep(actionId, { testData: { id: 'c1' }, sampleKey: sampleKey(step()) });
    expect(testProblemOf(step())).toBeNull();
    editor.wf.updateStep(actionId, { action: 'other' });
    expect(testProblemOf(step())).toEqual({ status: 'stale', title: ISSUE_TEXTS.staleTestData, detail: '' });
    editor.wf.updateStep(actionId, { testData: null });
    expect(testProblemOf(step())).toBeNull();
  });
});

describe('the stepper shows a failed test with Retest (editor-core 4.8)', () => {
  it('shows the error under the Test header; Retest runs the step test again', async () => {
    const { editor, actionId, calls } = await failedAction();
    renderPanel(editor, actionId);
    const panel = screen.getByTestId('step-panel');
    const problem = within(panel).getByRole('alert');
    expect(problem.textContent).toContain(ISSUE_TEXTS.testDataError);
    expect(problem.textContent).toContain('Not Found');
    await act(async () => {
      fireEvent.click(within(problem).getByRole('button', { name: 'Retest' }));
    });
    expect(calls.filter((c) => c.path === '/api/workflows/{id}/steps/{stepId}/test')).toHaveLength(1);
    expect(testProblemOf(editor.wf.stepById(actionId)!.data as StepData)).toBeNull();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it("the card's Retest (editor.retest) selects the step and its panel runs the test once", async () => {
    const { editor, actionId, calls } = await failedAction();
    editor.retest(actionId);
    expect(editor.selectedStepId).toBe(actionId);
    await act(async () => {
      renderPanel(editor, actionId);
    });
    expect(calls.filter((c) => c.path === '/api/workflows/{id}/steps/{stepId}/test')).toHaveLength(1);
    expect(editor.retestStepId).toBeNull();
    expect(editor.takeRetest(actionId)).toBe(false);
  });
});
