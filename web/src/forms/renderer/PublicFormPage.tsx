import type { Form } from '@junction/core';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { failureText } from '../../stores/api-failure.js';
import { usePublicFormStore } from '../../stores/public-form-store.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../../ui/lazy-chunk.js';
import { Spinner } from '../../ui/Spinner.js';
import { useSessionToken } from '../builder/session.js';
import { FormView } from './FormView.js';
import { useFormVisit } from './useFormVisit.js';

/** The form id that opens the form builder on a new form (`/form/new`). */
export const NEW_FORM_ID = 'new';

// The builder is a chunk of its own: a visitor filling in a public form loads neither it nor
// what only it uses (its tooltips' Radix Tooltip and floating-ui), BENCHMARKS.md "Editor".
const builderChunk = lazyChunk(() => import('../builder/FormBuilderDialog.js'));

/** True when the address opens the form builder (`/form/new`, `/form/{id}?edit=1`) rather than the form. */
export function opensBuilder(formId: string | undefined, search: string): boolean {
  return formId === NEW_FORM_ID || (!!formId && new URLSearchParams(search).get('edit') === '1');
}

/**
 * Fetches the builder's chunk when the address opens the builder, so that the page's first
 * render draws it (no spinner in between); the entry and the route wait for it. Never
 * rejects: a failed download is said on the page, with 'Try again'.
 */
export function loadBuilderFor(formId: string | undefined, search: string): Promise<void> {
  if (!opensBuilder(formId, search)) return Promise.resolve();
  return builderChunk.load().then(
    () => undefined,
    () => undefined,
  );
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 60vh;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
`;

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; id: string; form: Form }
  | { status: 'failed'; message: string };

/** Loads a public form by id; a missing one and a network failure each get a clear message. */
function usePublicForm(formId: string): Loaded {
  const store = usePublicFormStore();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    setLoaded({ status: 'loading' });
    store.readForm(formId).then(
      // The answer's id is the form's own (the address may name its workflow instead).
      ({ id, form }) => isCurrent && setLoaded({ status: 'ready', id, form }),
      (error: unknown) => {
        if (!isCurrent) return;
        // Core's message table words every failure, a deleted form (404) too.
        setLoaded({ status: 'failed', message: failureText(error, 'The form could not be loaded.') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [store, formId]);
  return loaded;
}

function Visit({ formId, form }: { formId: string; form: Form }) {
  const visit = useFormVisit(formId, form);
  return (
    <FormView
      form={form}
      state={visit.state}
      dispatch={visit.dispatch}
      onSubmit={visit.submit}
      onFilesChosen={visit.chooseFiles}
      onFileRemove={visit.removeFile}
    />
  );
}

/** Shows a loaded public form to an anonymous visitor. */
export function PublicForm({ formId }: { formId: string }) {
  const loaded = usePublicForm(formId);
  useEffect(() => {
    if (loaded.status === 'ready') document.title = loaded.form.definition.form.title;
  }, [loaded]);
  if (loaded.status === 'loading') {
    return (
      <Centered>
        <Spinner label="Loading form" />
      </Centered>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Centered>
        <p role="alert">{loaded.message}</p>
      </Centered>
    );
  }
  // Keyed by form so a new form id starts a fresh visit.
  return <Visit key={loaded.id} formId={loaded.id} form={loaded.form} />;
}

/**
 * The builder opened on its own: `/form/new` (optionally `?workflowId=`) for a new form,
 * `/form/{id}?edit=1` for an existing one. Needs a signed-in session; after saving it goes
 * to the public form.
 */
function StandaloneBuilder({ formId, workflowId }: { formId?: string; workflowId: string | null }) {
  const token = useSessionToken();
  const [isOpen, setOpen] = useState(true);
  const builder = useLazyChunk(builderChunk, !!token);
  if (!token) {
    return (
      <Centered>
        <p role="alert">
          Sign in to build forms. <a href="/">Open Junction</a>
        </p>
      </Centered>
    );
  }
  if (builder.isFailed) {
    return (
      <Centered>
        <ChunkFailure what="The form builder" onRetry={builder.retry} />
      </Centered>
    );
  }
  // Loaded before the first render (loadBuilderFor); null only if it had not arrived yet.
  const FormBuilderDialog = builder.module?.FormBuilderDialog;
  return (
    <>
      <Centered>
        {!isOpen && (
          <p>
            The form builder is closed. <a href={formId ? `/form/${formId}` : '/'}>Continue</a>
          </p>
        )}
      </Centered>
      {FormBuilderDialog && (
        <FormBuilderDialog
          open={isOpen}
          onOpenChange={setOpen}
          workflowId={workflowId}
          formId={formId}
          onSaved={(id) => {
            if (id !== formId) window.history.replaceState(null, '', `/form/${id}?edit=1`);
          }}
        />
      )}
    </>
  );
}

/**
 * The public form page at `/form/{formId}` and `/page/{pageId}` (forms-dp 2.1, 2.2;
 * onboarding 2 "Form loading page": a page id is the form id). `/form/new` and `?edit=1`
 * open the form builder instead. Takes the address's parameters as props (no router), so
 * the light form entry (form.html) needs no router.
 */
export function PublicFormPage({ formId, pageId }: { formId?: string; pageId?: string }) {
  const id = formId ?? pageId ?? '';
  const search = new URLSearchParams(window.location.search);
  if (opensBuilder(formId, window.location.search)) {
    return <StandaloneBuilder formId={formId === NEW_FORM_ID ? undefined : id} workflowId={search.get('workflowId')} />;
  }
  return <PublicForm formId={id} />;
}
