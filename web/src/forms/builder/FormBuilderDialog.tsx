import type { Form } from '@junction/core';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import { failureText } from '../../stores/api-failure.js';
import { usePageStore } from '../../stores/root-store.js';
import { Button } from '../../ui/Button.js';
import { StillOverlay } from '../../ui/Dialog.js';
import { Spinner } from '../../ui/Spinner.js';
import { newForm } from './builder-model.js';
import { FormBuilder, formProblems } from './FormBuilder.js';
import { FormBuilderStoreModel } from './form-builder-store.js';
import { useSessionToken } from './session.js';

// The box of both of the dialog's looks: the builder and the notice.
const box = css`
  position: fixed;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  &:focus-visible { outline: none; }
`;

const Content = styled(RadixDialog.Content)`
  ${box}
  inset: 16px;
  max-width: 1280px;
  margin: 0 auto;
`;

// A form that cannot be opened: a small box with its sentence and what to do next, not the
// builder's full-screen frame with one line in it.
const NoticeContent = styled(RadixDialog.Content)`
  ${box}
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(440px, calc(100vw - 32px));
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; }
  p { margin: 0; }
`;

const NoticeActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; flex: 1; }
`;

const Bottom = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  flex-wrap: wrap;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space(3)};
`;

const Problems = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.secondary};
`;

const UrlBox = styled.input`
  flex: 1;
  min-width: 240px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
`;

/** Props of {@link FormBuilderDialog}. */
export interface FormBuilderDialogProps {
  /** The workflow whose Forms trigger the form starts; null for a form bound to none. */
  workflowId: string | null;
  /** The form to edit; a new form when absent. */
  formId?: string;
  /** Called after every successful save with the form id and its public URL `{origin}/form/{id}`. */
  onSaved(formId: string, url: string): void;
  /** Shown or not; open by default. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** The public address of a form (forms-and-developer-portal 2.2: `{editor host}/form/{id}`). */
export function publicFormUrl(formId: string, origin = window.location.origin): string {
  return `${origin}/form/${formId}`;
}

/**
 * The form builder in a dialog: loads the form (or starts a new one), edits it with
 * a live preview, saves it bound to the workflow, and shows the public URL to share. The
 * trigger panel's Forms quick choice mounts it and stores `formId` on the trigger step from
 * `onSaved`.
 *
 * @example
 * <FormBuilderDialog workflowId={workflow.id} formId={step.fields.formId} onSaved={(id) => setFormId(id)} />
 */
export function FormBuilderDialog({ workflowId, formId, onSaved, open = true, onOpenChange }: FormBuilderDialogProps) {
  const formBuilder = usePageStore(FormBuilderStoreModel);
  useSessionToken();
  const [savedId, setSavedId] = useState<string | undefined>(formId);
  const [form, setForm] = useState<Form | null>(formId ? null : newForm);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    if (!formId) return;
    let isCurrent = true;
    formBuilder.readForm(formId).then(
      (stored) => isCurrent && setForm(stored),
      (error: unknown) =>
        isCurrent &&
        // Core's message table words every failure, a form of another workspace (404) too.
        setLoadError(failureText(error, 'The form could not be loaded.')),
    );
    return () => {
      isCurrent = false;
    };
  }, [formBuilder, formId]);

  const problems = form ? formProblems(form) : [];
  const edit = (next: Form) => {
    setForm(next);
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  };

  const save = async () => {
    if (!form || problems.length) return;
    setStatus({ kind: 'saving' });
    try {
      const id = await formBuilder.saveForm(form, workflowId, savedId);
      setSavedId(id);
      setStatus({ kind: 'saved' });
      onSaved(id, publicFormUrl(id));
    } catch (error) {
      setStatus({
        kind: 'error',
        message: failureText(error, 'The form was not saved.'),
      });
    }
  };

  const startNew = () => {
    setLoadError(null);
    setSavedId(undefined);
    setForm(newForm());
  };

  const url = savedId ? publicFormUrl(savedId) : null;
  if (loadError) {
    return (
      <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
        <RadixDialog.Portal>
          <StillOverlay />
          <NoticeContent aria-describedby={undefined}>
            <RadixDialog.Title asChild>
              <h2>This form cannot be opened</h2>
            </RadixDialog.Title>
            <p role="alert">{loadError}</p>
            <NoticeActions>
              <RadixDialog.Close asChild>
                <Button variant="secondary">Close</Button>
              </RadixDialog.Close>
              <Button onClick={startNew}>Start a new form</Button>
            </NoticeActions>
          </NoticeContent>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    );
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <StillOverlay />
        <Content aria-describedby={undefined}>
          <Header>
            <RadixDialog.Title asChild>
              <h2>Form builder</h2>
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variant="ghost">Close</Button>
            </RadixDialog.Close>
          </Header>
          {!form && <Spinner label="Loading form" />}
          {form && <FormBuilder form={form} onChange={edit} />}
          {form && (
            <Bottom>
              {problems.length > 0 && (
                <Problems aria-label="Problems">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </Problems>
              )}
              <Button onClick={save} disabled={status.kind === 'saving' || problems.length > 0}>
                {status.kind === 'saving' ? 'Saving…' : 'Save form'}
              </Button>
              {status.kind === 'saved' && <span role="status">Form saved.</span>}
              {status.kind === 'error' && <span role="alert">{status.message}</span>}
              {url && (
                <>
                  <UrlBox aria-label="Public form URL" readOnly value={url} onFocus={(e) => e.target.select()} />
                  <Button variant="ghost" onClick={() => void navigator.clipboard?.writeText(url)}>
                    Copy link
                  </Button>
                  <a href={url} target="_blank" rel="noreferrer">
                    Open form
                  </a>
                </>
              )}
            </Bottom>
          )}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
