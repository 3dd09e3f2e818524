import { FORM_DEFAULTS, type Question } from '@junction/core';
import { useId } from 'react';
import styled from 'styled-components';
import { FileQuestion } from './FileQuestion.js';
import type { FileItem } from './form-state.js';
import {
  Asterisk,
  Card,
  Choice,
  ErrorIcon,
  ErrorMessage,
  type FormLook,
  QuestionText,
  TextArea,
  TextInput,
} from './styles.js';

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
`;

/** Props of {@link QuestionCard}. */
export interface QuestionCardProps {
  question: Question;
  look: FormLook;
  value: string | string[] | undefined;
  files: FileItem[];
  error?: string;
  isDisabled: boolean;
  onAnswer(value: string | string[]): void;
  onFilesChosen(files: File[]): void;
  onFileRemove(id: string): void;
}

/**
 * One question card (forms-dp 2.2): the question text with a red asterisk when required,
 * its input (one line, 8-row textarea, checkboxes, multiple choice, or files) and the
 * message under it. Every text is rendered as text, never as markup.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { question, look, value, error, isDisabled, onAnswer } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const described = error ? errorId : undefined;
  const text = typeof value === 'string' ? value : '';
  const ticked = Array.isArray(value) ? value : [];
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': question.required ? true : undefined,
    disabled: isDisabled,
  } as const;

  let input: React.ReactNode;
  switch (question.type) {
    case 'textarea':
      input = (
        <TextArea
          id={id}
          $look={look}
          rows={FORM_DEFAULTS.textareaRows}
          placeholder="Your answer"
          value={text}
          onChange={(e) => onAnswer(e.target.value)}
          {...common}
        />
      );
      break;
    case 'checkboxes':
      input = (
        <Group aria-labelledby={labelId} aria-describedby={described}>
          {(question.checkbox_options ?? []).map((option) => (
            <Choice key={option} $look={look}>
              <input
                type="checkbox"
                checked={ticked.includes(option)}
                disabled={isDisabled}
                onChange={(e) => onAnswer(e.target.checked ? [...ticked, option] : ticked.filter((o) => o !== option))}
              />
              {option}
            </Choice>
          ))}
        </Group>
      );
      break;
    case 'multiple_choice':
      input = (
        <div role="radiogroup" aria-labelledby={labelId} aria-describedby={described}>
          {(question.multiple_choice_options ?? []).map((option) => (
            <Choice key={option} $look={look}>
              <input
                type="radio"
                name={id}
                checked={text === option}
                disabled={isDisabled}
                onChange={() => onAnswer(option)}
              />
              {option}
            </Choice>
          ))}
        </div>
      );
      break;
    case 'file':
      input = (
        <FileQuestion
          question={question.question}
          items={props.files}
          look={look}
          isDisabled={isDisabled}
          describedBy={described}
          onFilesChosen={props.onFilesChosen}
          onRemove={props.onFileRemove}
        />
      );
      break;
    default:
      input = (
        <TextInput
          id={id}
          $look={look}
          placeholder="Your answer"
          value={text}
          onChange={(e) => onAnswer(e.target.value)}
          {...common}
        />
      );
  }

  const labelled = question.type === 'input' || question.type === 'textarea';
  return (
    <Card $look={look} $isInvalid={Boolean(error)} data-testid="question-card">
      <QuestionText $look={look} id={labelId} as={labelled ? 'label' : 'span'} htmlFor={labelled ? id : undefined}>
        {question.question}
        {question.required && <Asterisk aria-label="required">*</Asterisk>}
      </QuestionText>
      {input}
      {error && (
        <ErrorMessage id={errorId} role="alert">
          <ErrorIcon />
          {error}
        </ErrorMessage>
      )}
    </Card>
  );
}
