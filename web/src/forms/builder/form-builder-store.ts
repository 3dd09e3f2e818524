/**
 * The form builder's calls (forms-dp 2.2, 4, 7): read a form of the workspace, save it (create
 * or replace). A page store of the root; the dialog keeps the form being edited.
 */
import type { Form } from '@junction/core';
import { parseFormTuple, toFormTuple } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../../stores/api-model.js';

/** The form builder's calls, with the API client of the root's environment. */
export const FormBuilderStoreModel = ApiModel.named('FormBuilderStore').actions((self) => ({
  /** Reads a form of the caller's workspace; throws the API's error (404 when it is not theirs). */
  async readForm(formId: string): Promise<Form> {
    const data = await self.server.read('/api/forms/{formId}', { params: { path: { formId } } });
    return parseFormTuple(data.content);
  },
  /**
   * Saves a form for a workflow: replaces `savedId` when given, else creates it; answers
   * the stored form's id.
   */
  async saveForm(form: Form, workflowId: string | null, savedId: string | undefined): Promise<string> {
    const body = { name: form.definition.form.title, workflowId, content: toFormTuple(form) };
    const saved = savedId
      ? await self.server.mutate((client) =>
          client.put('/api/forms/{formId}', { params: { path: { formId: savedId } }, body }),
        )
      : await self.server.mutate((client) => client.post('/api/forms', { body }));
    return saved.id;
  },
}));

/** The form builder store's instance type. */
export interface FormBuilderStore extends Instance<typeof FormBuilderStoreModel> {}
