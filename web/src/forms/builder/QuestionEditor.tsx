import { QUESTION_TYPES, type Question, type QuestionType } from '@junction/core';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { IconButton } from '../../ui/IconButton.js';
import { parseOptions, QUESTION_TYPE_LABELS } from './builder-model.js';
import { Field, Row } from './parts.js';

const Box = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The question's move and delete buttons, at its end. */
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)};
`;

/** Props of {@link QuestionEditor}. */
export interface QuestionEditorProps {
  question: Question;
  /** 1-based number over the whole form, used in the controls' names. */
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onChange(patch: Partial<Question>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** Edits one question: its text, type, required flag and (for choice types) options. */
export function QuestionEditor({ question, number, isFirst, isLast, onChange, onMove, onRemove }: QuestionEditorProps) {
  const options = question.checkbox_options ?? question.multiple_choice_options;
  // The raw text keeps what the author types (a trailing new line) while options are parsed from it.
  const [optionsText, setOptionsText] = useState(() => (options ?? []).join('\n'));
  // Follows changes made elsewhere (a type change, a move that reuses this editor).
  useEffect(() => {
    if (options && parseOptions(optionsText).join('\n') !== options.join('\n')) setOptionsText(options.join('\n'));
  }, [options, optionsText]);
  const optionsKey = question.type === 'checkboxes' ? 'checkbox_options' : 'multiple_choice_options';
  const hasOptions = question.type === 'checkboxes' || question.type === 'multiple_choice';
  return (
    <Box data-testid="question-editor">
      <Field>
        <span>Question {number}</span>
        <input
          aria-label={`Text of question ${number}`}
          value={question.question}
          maxLength={500}
          onChange={(e) => onChange({ question: e.target.value })}
        />
      </Field>
      <Row>
        <Field>
          <span>Type</span>
          <select
            aria-label={`Type of question ${number}`}
            value={question.type}
            onChange={(e) => {
              onChange({ type: e.target.value as QuestionType });
            }}
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <label>
          <input
            type="checkbox"
            aria-label={`Question ${number} is required`}
            checked={question.required === true}
            onChange={(e) => onChange({ required: e.target.checked })}
          />{' '}
          Required
        </label>
      </Row>
      {hasOptions && (
        <Field>
          <span>Options, one per line</span>
          <textarea
            aria-label={`Options of question ${number}`}
            rows={Math.min(8, Math.max(3, optionsText.split('\n').length + 1))}
            value={optionsText}
            onChange={(e) => {
              setOptionsText(e.target.value);
              onChange({ [optionsKey]: parseOptions(e.target.value) });
            }}
          />
        </Field>
      )}
      <Actions>
        <IconButton size="small" label={`Move question ${number} up`} disabled={isFirst} onClick={() => onMove(-1)}>
          <ArrowUp />
        </IconButton>
        <IconButton size="small" label={`Move question ${number} down`} disabled={isLast} onClick={() => onMove(1)}>
          <ArrowDown />
        </IconButton>
        <IconButton size="small" label={`Delete question ${number}`} onClick={onRemove}>
          <Trash2 />
        </IconButton>
      </Actions>
    </Box>
  );
}
