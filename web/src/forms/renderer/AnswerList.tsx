import { type Answers, type ChosenFile, type Form, readableAnswers } from '@junction/core';
import styled from 'styled-components';

const List = styled.dl`
  margin: 0;
  display: grid;
  gap: 14px;
  dt { font-weight: 600; margin: 0 0 2px; }
  dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  ul { margin: 0; padding-left: 20px; }
`;

const Unanswered = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;

const Size = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

/** Props of {@link AnswerList}. */
export interface AnswerListProps {
  form: Form;
  answers: Answers;
  /** The stored files of each file question. */
  files: Readonly<Record<string, readonly ChosenFile[]>>;
}

/**
 * A visitor's answers as they read them (forms-dp 2.2 review step and answers after submit):
 * each question, then its answer; ticked options as a list; files by name and size.
 */
export function AnswerList({ form, answers, files }: AnswerListProps) {
  return (
    <List>
      {readableAnswers(form, answers, files).map((entry) => (
        <div key={entry.question}>
          <dt>{entry.question}</dt>
          <dd>
            {entry.type === 'file' ? (
              entry.files.length === 0 ? (
                <Unanswered>No file</Unanswered>
              ) : (
                <ul>
                  {entry.files.map((file, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name.
                    <li key={i}>
                      {file.name}
                      {file.size && <Size> ({file.size})</Size>}
                    </li>
                  ))}
                </ul>
              )
            ) : entry.values.length === 0 ? (
              <Unanswered>No answer</Unanswered>
            ) : entry.type === 'checkboxes' && entry.values.length > 1 ? (
              <ul>
                {entry.values.map((v) => (
                  <li key={v}>{v}</li>
                ))}
              </ul>
            ) : (
              entry.values.join(', ')
            )}
          </dd>
        </div>
      ))}
    </List>
  );
}
