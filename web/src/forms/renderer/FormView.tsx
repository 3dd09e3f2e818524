import { FORM_TEXTS, type Form, sections } from '@junction/core';
import { Check } from 'lucide-react';
import type { Dispatch } from 'react';
import { AnswerList } from './AnswerList.js';
import { type FormAction, type FormState, isLastSection, isUploading, storedFiles } from './form-state.js';
import { QuestionCard } from './QuestionCard.js';
import {
  Buttons,
  Card,
  CardHeading,
  Column,
  Description,
  DoneMark,
  ErrorIcon,
  ErrorMessage,
  Footer,
  FormButton,
  HeaderImage,
  LinkButton,
  lookOf,
  Page,
  Progress,
  RequiredNote,
  Spacer,
  ThankYou,
  Title,
  TitleCard,
} from './styles.js';

/** Props of {@link FormView}. */
export interface FormViewProps {
  form: Form;
  state: FormState;
  dispatch: Dispatch<FormAction>;
  /** Called by Submit once the required questions are answered; the owner sends the answers. */
  onSubmit(): void;
  /** Called with the files a visitor chose for a file question; the owner uploads them. */
  onFilesChosen(question: string, files: File[]): void;
  /** Called when a visitor removes a file (the owner stops a running upload). */
  onFileRemove(question: string, id: string): void;
  /** Where the footer's 'Create your own form' link goes; no footer when null. */
  builderHref?: string | null;
}

/** Only web addresses become an <img src>; anything else shows no header image. */
function safeImageUrl(url: string): string | null {
  return /^(https?:\/\/|\/)/i.test(url.trim()) ? url.trim() : null;
}

/**
 * The public form (forms-dp 2.2): header image, title, description, the required note, the
 * current section's question cards, a progress indicator when there are several sections,
 * Back / Next / Submit / Clear form, the review step, and the thank-you state with
 * 'Submit another response'. Presentational: the page (or the builder's preview) owns the
 * state and the network.
 */
export function FormView({
  form,
  state,
  dispatch,
  onSubmit,
  onFilesChosen,
  onFileRemove,
  builderHref = '/form/new',
}: FormViewProps) {
  const { definition } = form;
  const look = lookOf(definition);
  const all = sections(form);
  const image = safeImageUrl(definition.header.image_url);
  const isBusy = state.stage === 'submitting';
  const uploading = isUploading(state);
  const isLast = isLastSection(form, state);
  const hasRequired = all.flat().some((q) => q.required);

  const header = (
    <>
      {image && <HeaderImage src={image} alt="" />}
      <TitleCard $look={look}>
        {state.stage === 'submitted' && (
          <DoneMark $look={look}>
            <Check strokeWidth={3} />
          </DoneMark>
        )}
        <Title $look={look}>{definition.form.title}</Title>
        {definition.form.description && <Description>{definition.form.description}</Description>}
        {state.stage === 'submitted' ? (
          <>
            <ThankYou>{FORM_TEXTS.thankYou}</ThankYou>
            <LinkButton
              $look={look}
              href="#"
              onClick={(e) => {
                e.preventDefault();
                dispatch({ type: 'submitAnother' });
              }}
            >
              {FORM_TEXTS.submitAnother}
            </LinkButton>
          </>
        ) : (
          hasRequired && <RequiredNote>{FORM_TEXTS.requiredNote}</RequiredNote>
        )}
      </TitleCard>
    </>
  );

  const footer = builderHref && (
    <Footer>
      This form was made with Forms by Junction. <a href={builderHref}>Create your own form for free</a>
    </Footer>
  );

  if (state.stage === 'submitted') {
    return (
      <Page $look={look}>
        <Column>
          {header}
          {form.showsAnswersAfterSubmit && state.submitted && (
            <Card $look={look} aria-label="Your answers">
              <CardHeading>Your answers</CardHeading>
              <AnswerList form={form} answers={state.submitted} files={storedFiles(state)} />
            </Card>
          )}
          {footer}
        </Column>
      </Page>
    );
  }

  const isReviewing = state.stage === 'reviewing' || (isBusy && form.hasReviewStep && isLast);
  const submitNow = isReviewing || (isLast && !form.hasReviewStep);
  return (
    <Page $look={look}>
      <Column>
        {header}
        {isReviewing ? (
          <Card $look={look} aria-label="Review your answers">
            <CardHeading>Review your answers before you submit</CardHeading>
            <AnswerList form={form} answers={state.answers} files={storedFiles(state)} />
          </Card>
        ) : (
          all[state.section]?.map((question) => (
            <QuestionCard
              key={question.question}
              question={question}
              look={look}
              value={state.answers[question.question]}
              files={state.files[question.question] ?? []}
              error={state.errors[question.question]}
              isDisabled={isBusy}
              onAnswer={(value) => dispatch({ type: 'answer', question: question.question, value })}
              onFilesChosen={(files) => onFilesChosen(question.question, files)}
              onFileRemove={(id) => onFileRemove(question.question, id)}
            />
          ))
        )}
        {state.submitError && (
          <ErrorMessage role="alert">
            <ErrorIcon />
            {state.submitError}
          </ErrorMessage>
        )}
        <Buttons>
          {(state.section > 0 || isReviewing) && (
            <FormButton
              $look={look}
              $variant="outline"
              type="button"
              disabled={isBusy}
              onClick={() => dispatch({ type: 'back' })}
            >
              Back
            </FormButton>
          )}
          {submitNow ? (
            <FormButton $look={look} type="button" disabled={isBusy || uploading} onClick={onSubmit}>
              {isBusy ? 'Submitting…' : 'Submit'}
            </FormButton>
          ) : (
            <FormButton
              $look={look}
              type="button"
              disabled={isBusy || uploading}
              onClick={() => dispatch({ type: 'next' })}
            >
              Next
            </FormButton>
          )}
          {all.length > 1 && (
            <Progress $look={look}>
              <progress
                max={all.length}
                value={isReviewing ? all.length : state.section + 1}
                aria-label="Form progress"
              />
              <span>{isReviewing ? 'Review' : `Page ${state.section + 1} of ${all.length}`}</span>
            </Progress>
          )}
          <Spacer />
          {!isReviewing && (
            <FormButton
              $look={look}
              $variant="text"
              type="button"
              disabled={isBusy}
              onClick={() => dispatch({ type: 'clear' })}
            >
              Clear form
            </FormButton>
          )}
        </Buttons>
        {uploading && <Description>Wait for the uploads to finish.</Description>}
        {footer}
      </Column>
    </Page>
  );
}
