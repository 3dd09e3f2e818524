/**
 * The public form's calls (forms-dp 2.2, 7: `/form/:formId`, `/page/:pageId`): read the form,
 * send a visitor's answers. A store module of its own, depending on core and its environment
 * type only, so a light entry for the public pages can create it without the editor's code:
 * `PublicFormStoreModel.create({}, env)` under `<PublicFormStoreContext.Provider>`. In the app
 * it is the root's page store of this type, which `RootStoreProvider` provides here.
 */
import { type Answers, type Form, parseFormTuple } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { createContext, useContext } from 'react';
import { ApiModel } from './api-model.js';

/** The public form's calls, with the API client of its environment. */
export const PublicFormStoreModel = ApiModel.named('PublicFormStore').actions((self) => ({
  /** Reads a public form; the answer's id is the form's own (the address may name its workflow). */
  async readForm(formId: string): Promise<{ id: string; form: Form }> {
    const data = await self.server.read('/api/public/forms/{formId}', { params: { path: { formId } } });
    return { id: data.id, form: parseFormTuple(data.content) };
  },
  /** Sends a visitor's answers; throws the API's error (its problem names the questions). */
  async submitAnswers(formId: string, answers: Answers): Promise<void> {
    await self.server.mutate((client) =>
      client.post('/api/public/forms/{formId}/submissions', {
        params: { path: { formId } },
        body: { answers },
      }),
    );
  },
}));

/** The public form store's instance type. */
export interface PublicFormStore extends Instance<typeof PublicFormStoreModel> {}

/** Where the public form pages find their store. */
export const PublicFormStoreContext = createContext<PublicFormStore | null>(null);

/** The public form store; throws a helpful error without a provider. */
export function usePublicFormStore(): PublicFormStore {
  const store = useContext(PublicFormStoreContext);
  if (!store) {
    throw new Error('usePublicFormStore needs <PublicFormStoreContext.Provider> (RootStoreProvider gives it).');
  }
  return store;
}
