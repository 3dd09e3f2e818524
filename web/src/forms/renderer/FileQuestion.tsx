import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { ACCEPTED_EXTENSIONS } from '../upload.js';
import type { FileItem } from './form-state.js';
import type { FormLook } from './styles.js';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Item = styled.li<{ $status: FileItem['status'] }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid
    ${({ theme, $status }) =>
      $status === 'failed' ? theme.colors.secondary : $status === 'done' ? theme.colors.success : theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  overflow-wrap: anywhere;
`;

const Bar = styled.div<{ $status: FileItem['status'] }>`
  grid-column: 1 / -1;
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    /* forms-dp 4: red on failure, green on success. */
    background: ${({ theme, $status }) =>
      $status === 'failed' ? theme.colors.secondary : $status === 'done' ? theme.colors.success : theme.colors.primary};
  }
`;

const Status = styled.span<{ $status: FileItem['status'] }>`
  grid-column: 1 / -1;
  font-size: 12px;
  color: ${({ theme, $status }) =>
    $status === 'failed' ? theme.colors.secondary : $status === 'done' ? theme.colors.success : theme.colors.textMuted};
`;

const Remove = styled.button`
  border: none;
  background: transparent;
  font: inherit;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.textMuted};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const AddLabel = styled.label<{ $look: FormLook; $isDisabled: boolean }>`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ $look }) => $look.theme};
  font-weight: 600;
  cursor: ${({ $isDisabled }) => ($isDisabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $isDisabled }) => ($isDisabled ? 0.55 : 1)};
  &:focus-within { box-shadow: ${({ theme }) => theme.focusRing}; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;

/** Props of {@link FileQuestion}. */
export interface FileQuestionProps {
  question: string;
  items: FileItem[];
  look: FormLook;
  isDisabled: boolean;
  describedBy?: string;
  onFilesChosen(files: File[]): void;
  onRemove(id: string): void;
}

const statusText = (item: FileItem) =>
  item.status === 'failed'
    ? (item.error ?? 'The upload failed.')
    : item.status === 'done'
      ? 'Uploaded'
      : `${item.progress}%`;

/**
 * A file question's list: each chosen file with its real upload progress (a bar that turns
 * red on failure and green on success) and a remove button, then 'Add file' (forms-dp 2.2, 4).
 */
export function FileQuestion({
  question,
  items,
  look,
  isDisabled,
  describedBy,
  onFilesChosen,
  onRemove,
}: FileQuestionProps) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length) onFilesChosen(files);
  };
  return (
    <div>
      {items.length > 0 && (
        <List aria-label={`Files for ${question}`}>
          {items.map((item) => (
            <Item key={item.id} $status={item.status} data-status={item.status}>
              <span>{item.name}</span>
              <Remove
                type="button"
                aria-label={`Remove ${item.name}`}
                disabled={isDisabled}
                onClick={() => onRemove(item.id)}
              >
                ×
              </Remove>
              <Bar
                $status={item.status}
                role="progressbar"
                aria-label={`Upload of ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.progress}
              >
                {/* A failed upload shows a full red bar (forms-dp 4). */}
                <span style={{ width: `${item.status === 'failed' ? 100 : item.progress}%` }} />
              </Bar>
              <Status $status={item.status} role={item.status === 'failed' ? 'alert' : undefined}>
                {statusText(item)}
              </Status>
            </Item>
          ))}
        </List>
      )}
      <AddLabel $look={look} $isDisabled={isDisabled}>
        Add file
        <input
          type="file"
          multiple
          disabled={isDisabled}
          aria-label={`Add file for ${question}`}
          aria-describedby={describedBy}
          accept={ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={choose}
        />
      </AddLabel>
    </div>
  );
}
