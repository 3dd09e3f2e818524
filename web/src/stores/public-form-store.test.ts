import { type ApiClient, ApiError, toFormTuple } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { newForm } from '../forms/builder/builder-model.js';
import { PublicFormStoreModel } from './public-form-store.js';

describe('the public form store', () => {
  const form = newForm();

  it('works alone with an { api } environment (a light entry needs no root store)', async () => {
    const posted: unknown[] = [];
    const api = {
      get: async () => ({ id: 'f1', content: toFormTuple(form) }),
      post: async (_path: string, init: { body: unknown }) => {
        posted.push(init.body);
        throw new ApiError({
          type: 'about:blank',
          code: 'state.conflict',
          title: 'Gone',
          status: 410,
          detail: 'Closed.',
        });
      },
    } as unknown as ApiClient;
    const store = PublicFormStoreModel.create({}, { api });
    const read = await store.readForm('wf-1');
    expect(read.id).toBe('f1');
    expect(read.form.definition.form.title).toBe(form.definition.form.title);
    await expect(store.submitAnswers('f1', { q1: 'Ada' })).rejects.toMatchObject({ status: 410 });
    expect(posted).toEqual([{ answers: { q1: 'Ada' } }]);
  });
});
