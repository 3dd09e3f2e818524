import { type Form, sections, toFormTuple, validateFormDefinition } from '@junction/core';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button.js';
import { IconButton } from '../../ui/IconButton.js';
import { FormView } from '../renderer/FormView.js';
import {
  collectAnswers,
  type FormAction,
  type FormState,
  initialFormState,
  reduceForm,
} from '../renderer/form-state.js';
import {
  addQuestion,
  addSection,
  moveQuestion,
  removeQuestion,
  removeSection,
  updateDefinition,
  updateQuestion,
} from './builder-model.js';
import { Field, Group, Row } from './parts.js';
import { QuestionEditor } from './QuestionEditor.js';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(320px, 420px) 1fr;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 0;
  flex: 1;
  @media (max-width: 800px) { grid-template-columns: 1fr; }
`;

const Editor = styled.div`
  overflow: auto;
  padding-right: ${({ theme }) => theme.space(2)};
`;

const Preview = styled.div`
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  > h3 { margin: 0; padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)}; font-size: 12px; text-transform: uppercase; color: ${({ theme }) => theme.colors.textMuted}; background: ${({ theme }) => theme.colors.surface}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const QuestionList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const SectionTitle = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  font-weight: 700;
`;

/** The form's two colours and their fields' names. */
const COLOR_FIELDS = [
  ['theme', 'Theme colour'],
  ['background', 'Background colour'],
] as const;

/** A px size typed freely; the form takes it once it is a whole number from 8 to 96. */
function SizeField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: number;
  onChange(size: number): void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((current) => (Number(current) === value ? current : String(value)));
  }, [value]);
  const size = Number(text);
  const isValid = Number.isInteger(size) && size >= 8 && size <= 96;
  return (
    <Field>
      <span>{label}</span>
      <input
        type="number"
        min={8}
        max={96}
        aria-label={name}
        aria-invalid={isValid ? undefined : true}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const next = Number(e.target.value);
          if (Number.isInteger(next) && next >= 8 && next <= 96) onChange(next);
        }}
      />
    </Field>
  );
}

/** Props of {@link FormBuilder}. */
export interface FormBuilderProps {
  form: Form;
  onChange(form: Form): void;
}

/** The problems core finds in a form, with the question number instead of a JSON path where possible. */
export function formProblems(form: Form): string[] {
  return validateFormDefinition(toFormTuple(form)).errors.map((e) => e.message);
}

/** The live preview: the real renderer over a local visit that never reaches the server. */
function LivePreview({ form }: { form: Form }) {
  const [state, dispatch] = useReducer((s: FormState, a: FormAction) => reduceForm(form, s, a), form, initialFormState);
  return (
    <FormView
      form={form}
      state={state}
      dispatch={dispatch}
      builderHref={null}
      onSubmit={() => dispatch({ type: 'submitSucceeded', answers: collectAnswers(state) })}
      onFilesChosen={(question, files) => {
        for (const file of files) {
          dispatch({
            type: 'fileAdded',
            question,
            item: {
              id: `${file.name}-${Date.now()}`,
              name: file.name,
              size: file.size,
              progress: 0,
              status: 'failed',
              error: 'Files upload on the published form, not in the preview.',
            },
          });
        }
      }}
      onFileRemove={(question, id) => dispatch({ type: 'fileRemoved', question, id })}
    />
  );
}

/**
 * The form builder (beyond the spec): title, description, header image, colours and
 * sizes, sections, questions of each type with required and options, the review and
 * answers-after-submit flags, beside a live preview that is the public renderer itself.
 */
export function FormBuilder({ form, onChange }: FormBuilderProps) {
  const { definition } = form;
  const setForm = (part: Partial<Form['definition']['form']>) =>
    onChange(updateDefinition(form, (d) => ({ ...d, form: { ...d.form, ...part } })));
  const setColor = (part: Partial<Form['definition']['color']>) =>
    onChange(updateDefinition(form, (d) => ({ ...d, color: { ...d.color, ...part } })));
  const setSize = (key: 'header' | 'text' | 'question', size: number) =>
    onChange(
      updateDefinition(form, (d) => ({
        ...d,
        text_style: { ...d.text_style, [key]: { ...d.text_style[key], size } },
      })),
    );
  const lists = sections(form);
  let number = 0;

  return (
    <Layout>
      <Editor>
        <Group>
          <legend>Form</legend>
          <Field>
            <span>Title</span>
            <input
              aria-label="Form title"
              value={definition.form.title}
              maxLength={200}
              onChange={(e) => setForm({ title: e.target.value })}
            />
          </Field>
          <Field>
            <span>Description</span>
            <textarea
              aria-label="Form description"
              rows={3}
              value={definition.form.description}
              maxLength={5000}
              onChange={(e) => setForm({ description: e.target.value })}
            />
          </Field>
          <Field>
            <span>Header image URL</span>
            <input
              aria-label="Header image URL"
              placeholder="https://…"
              value={definition.header.image_url}
              onChange={(e) =>
                onChange(updateDefinition(form, (d) => ({ ...d, header: { image_url: e.target.value } })))
              }
            />
          </Field>
        </Group>
        <Group>
          <legend>Look</legend>
          <Row>
            {COLOR_FIELDS.map(([key, label]) => (
              <Field key={key}>
                <span>{label}</span>
                <input
                  type="color"
                  aria-label={label}
                  value={definition.color[key]}
                  onChange={(e) => setColor({ [key]: e.target.value })}
                />
              </Field>
            ))}
          </Row>
          <Row>
            {(['header', 'question', 'text'] as const).map((key) => (
              <SizeField
                key={key}
                label={`${key === 'header' ? 'Title' : key === 'question' ? 'Question' : 'Text'} size (px)`}
                name={`${key} size`}
                value={definition.text_style[key].size}
                onChange={(size) => setSize(key, size)}
              />
            ))}
          </Row>
        </Group>
        {lists.map((list, sectionIndex) => (
          // Sections have no ids; their position is their identity in the editor.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Group key={sectionIndex} aria-label={`Section ${sectionIndex + 1}`}>
            <SectionTitle>
              <span>Section {sectionIndex + 1}</span>
              {lists.length > 1 && (
                <IconButton
                  size="small"
                  label={`Delete section ${sectionIndex + 1}`}
                  onClick={() => onChange(removeSection(form, sectionIndex))}
                >
                  <Trash2 />
                </IconButton>
              )}
            </SectionTitle>
            <QuestionList>
              {list.map((question, index) => {
                number += 1;
                return (
                  <QuestionEditor
                    // biome-ignore lint/suspicious/noArrayIndexKey: questions have no ids; the editor follows its position.
                    key={`${sectionIndex}-${index}`}
                    question={question}
                    number={number}
                    isFirst={index === 0}
                    isLast={index === list.length - 1}
                    onChange={(patch) => onChange(updateQuestion(form, sectionIndex, index, patch))}
                    onMove={(by) => onChange(moveQuestion(form, sectionIndex, index, by))}
                    onRemove={() => onChange(removeQuestion(form, sectionIndex, index))}
                  />
                );
              })}
            </QuestionList>
            <Row>
              <Button variant="secondary" size="small" onClick={() => onChange(addQuestion(form, sectionIndex))}>
                <Plus size={16} aria-hidden="true" />
                Add question to section {sectionIndex + 1}
              </Button>
            </Row>
          </Group>
        ))}
        <Group>
          <Row>
            <Button variant="secondary" size="small" onClick={() => onChange(addSection(form))}>
              <Plus size={16} aria-hidden="true" />
              Add section
            </Button>
          </Row>
          <label>
            <input
              type="checkbox"
              checked={form.hasReviewStep}
              onChange={(e) => onChange({ ...form, hasReviewStep: e.target.checked })}
            />{' '}
            Show a review step before Submit
          </label>
          <label>
            <input
              type="checkbox"
              checked={form.showsAnswersAfterSubmit}
              onChange={(e) => onChange({ ...form, showsAnswersAfterSubmit: e.target.checked })}
            />{' '}
            Show the answers after submit
          </label>
        </Group>
      </Editor>
      <Preview aria-label="Preview">
        <h3>Preview</h3>
        <LivePreview form={form} />
      </Preview>
    </Layout>
  );
}
