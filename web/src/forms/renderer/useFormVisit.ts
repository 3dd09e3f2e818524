/**
 * A visitor's session with one public form: the flow state, the uploads (real progress,
 * abortable), and the submit (forms-dp 4, 7). Used by the public page; the builder's preview
 * drives FormView with its own offline handlers.
 */
import { type Form, isApiError } from '@junction/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { usePublicFormStore } from '../../stores/public-form-store.js';
import { checkFileBeforeUpload, type UploadHandle, uploadFormFile } from '../upload.js';
import {
  checkBeforeSubmit,
  collectAnswers,
  type FormAction,
  type FormState,
  initialFormState,
  reduceForm,
} from './form-state.js';

/** Message above the buttons when required questions are left empty at Submit. */
export const MISSING_ANSWERS_MESSAGE = 'Some required questions are not answered yet.';

/** What FormView needs from a visit. */
export interface FormVisit {
  state: FormState;
  dispatch: (action: FormAction) => void;
  submit(): void;
  chooseFiles(question: string, files: File[]): void;
  removeFile(question: string, id: string): void;
}

let fileCounter = 0;

/** Reads the per-question messages of a 422 answer ('answers.Name' → 'Name'). */
function errorsByQuestion(problem: { errors?: { field: string; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const e of problem.errors ?? []) {
    if (!e.field.startsWith('answers.')) continue;
    // '{question}_{n}' file keys report on their question.
    const key = e.field.slice('answers.'.length);
    errors[key.replace(/_\d+$/, '')] ??= e.message;
    errors[key] ??= e.message;
  }
  return errors;
}

/** Holds one visit to the form `formId`. */
export function useFormVisit(formId: string, form: Form): FormVisit {
  const store = usePublicFormStore();
  const [state, dispatch] = useReducer((s: FormState, a: FormAction) => reduceForm(form, s, a), form, initialFormState);
  const uploads = useRef(new Map<string, UploadHandle>());
  const stateRef = useRef(state);
  stateRef.current = state;

  // Leaving the page stops uploads nobody will submit.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const handle of running.values()) handle.abort();
    };
  }, []);

  const chooseFiles = useCallback(
    (question: string, files: File[]) => {
      for (const file of files) {
        fileCounter += 1;
        const id = `file-${fileCounter}`;
        const problem = checkFileBeforeUpload(file);
        dispatch({
          type: 'fileAdded',
          question,
          item: {
            id,
            name: file.name,
            size: file.size,
            progress: 0,
            status: problem ? 'failed' : 'uploading',
            error: problem ?? undefined,
          },
        });
        if (problem) continue;
        const handle = uploadFormFile({
          formId,
          question,
          file,
          onProgress: (progress) => dispatch({ type: 'fileProgress', question, id, progress }),
        });
        uploads.current.set(id, handle);
        handle.done.then(
          (stored) => dispatch({ type: 'fileDone', question, id, url: stored.url }),
          (error: Error) => {
            if (error.name !== 'AbortError') dispatch({ type: 'fileFailed', question, id, error: error.message });
          },
        );
        handle.done.finally(() => uploads.current.delete(id)).catch(() => undefined);
      }
    },
    [formId],
  );

  const removeFile = useCallback((question: string, id: string) => {
    uploads.current.get(id)?.abort();
    dispatch({ type: 'fileRemoved', question, id });
  }, []);

  const submit = useCallback(() => {
    const current = stateRef.current;
    if (current.stage === 'submitting') return;
    const missing = checkBeforeSubmit(form, current);
    if (Object.keys(missing).length) {
      dispatch({ type: 'submitFailed', message: MISSING_ANSWERS_MESSAGE, errors: missing });
      return;
    }
    const answers = collectAnswers(current);
    dispatch({ type: 'submitStarted' });
    store.submitAnswers(formId, answers).then(
      () => dispatch({ type: 'submitSucceeded', answers }),
      (error: unknown) => {
        // forms-dp 8 only logged this; Junction tells the visitor and keeps the answers.
        const detail = isApiError(error) ? error.message : 'No connection to the server.';
        dispatch({
          type: 'submitFailed',
          message: `Your response was not sent: ${detail} Please try again.`,
          errors: isApiError(error) ? errorsByQuestion(error.problem) : {},
        });
      },
    );
  }, [store, form, formId]);

  return { state, dispatch, submit, chooseFiles, removeFile };
}
