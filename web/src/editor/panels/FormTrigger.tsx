import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/index.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../../ui/lazy-chunk.js';
import { useEditor } from '../editor-context.js';
import type { IStepPanelModel } from './panel-step.js';
import { formUrl } from './panel-trigger-test.js';
import { Input, Muted, Row } from './parts.js';
import { useCopy } from './TriggerTest.js';

// The builder (questions, logic, live preview) is its own chunk, so the panel chunk stays
// small. A trigger panel fetches it in the background as it opens, and the dialog renders it
// directly once loaded: no Suspense boundary, whose reveal React holds back by up to 300 ms
// (the builder opened in 0.5–0.8 s through React.lazy; see BENCHMARKS.md "Form builder").
const formBuilderChunk = lazyChunk(() => import('../../forms/builder/FormBuilderDialog.js'));

/**
 * The set-up of a Forms by {product} trigger (editor-core 2.9): the form's public URL
 * `{editor origin}/form/{id}` with Copy, and a button that opens the form builder. Without a
 * form yet, only 'Build the form'.
 */
export const FormTriggerSetup = observer(function FormTriggerSetup({ model }: { model: IStepPanelModel }) {
  const copy = useCopy();
  const formId = model.formId;
  const url = formUrl(window.location.origin, formId);
  return (
    <div>
      {formId ? (
        <>
          <Muted>Form URL</Muted>
          <Row style={{ marginTop: 0, flexWrap: 'nowrap' }}>
            <Input aria-label="Form URL" readOnly value={url} onFocus={(event) => event.target.select()} />
            <Button variant="ghost" onClick={() => void copy(url)}>
              Copy
            </Button>
          </Row>
          <Muted>Each submission of this form starts the workflow with its answers.</Muted>
        </>
      ) : (
        <Muted>Build the form your visitors fill in; each submission starts this workflow.</Muted>
      )}
      <Row>
        <Button variant={formId ? 'ghost' : 'primary'} onClick={() => model.setFormBuilderOpen(true)}>
          {formId ? 'Edit form' : 'Build the form'}
        </Button>
      </Row>
    </div>
  );
});

/** The form builder dialog of a Forms trigger, mounted while it is open. */
export const FormTriggerBuilder = observer(function FormTriggerBuilder({ model }: { model: IStepPanelModel }) {
  const isTrigger = model.kind === 'trigger';
  useEffect(() => {
    // A failed background fetch is tried again when the dialog opens.
    if (isTrigger) formBuilderChunk.load().catch(() => undefined);
  }, [isTrigger]);
  return model.isFormBuilderOpen ? <OpenBuilder model={model} /> : null;
});

function OpenBuilder({ model }: { model: IStepPanelModel }) {
  const editor = useEditor();
  // The form as it was when the dialog opened: the dialog itself follows the ids it saves.
  const [formId] = useState(() => model.formId || undefined);
  const { module, isFailed, retry } = useLazyChunk(formBuilderChunk);
  if (isFailed) return <ChunkFailure what="The form builder" onRetry={retry} />;
  if (!module) return null;
  const { FormBuilderDialog } = module;
  return (
    <FormBuilderDialog
      workflowId={editor.wf.id}
      formId={formId}
      open
      onOpenChange={(open) => model.setFormBuilderOpen(open)}
      onSaved={(formId) => model.formSaved(formId)}
    />
  );
}
