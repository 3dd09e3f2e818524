import * as Popover from '@radix-ui/react-popover';
import { observer } from 'mobx-react-lite';
import styled from 'styled-components';
import { Button } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { insertSources, NO_DATA_TEXT } from './panel-fields.js';

const Content = styled(Popover.Content)`
  z-index: 30;
  width: 360px;
  max-height: 500px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  details { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; padding: 4px 0; }
  summary { cursor: pointer; font-weight: 600; padding: 4px; }
  ul { list-style: none; margin: 0; padding: 0 0 0 8px; }
  button.entry {
    display: block; width: 100%; padding: 4px; border: none; background: transparent;
    text-align: left; font: inherit; font-size: 13px; cursor: pointer;
  }
  button.entry:hover, button.entry:focus-visible { background: ${({ theme }) => theme.colors.accentSubtle}; outline: none; }
  button.entry span { color: ${({ theme }) => theme.colors.muted}; }
  p { margin: 4px; font-size: 13px; }
`;

/** The picker's sections; mounted only while the menu is open (earlier steps' samples can be large). */
const PickerSections = observer(function PickerSections({
  stepId,
  onInsert,
}: {
  stepId: string;
  onInsert: (reference: string) => void;
}) {
  const editor = useEditor();
  const sources = insertSources(editor.wf, stepId);
  return (
    <>
      {sources.length === 0 && <p>{NO_DATA_TEXT}</p>}
      {sources.map((source, i) => (
        <details key={source.stepId} open={i === 0}>
          <summary>{source.name || 'Unnamed step'}</summary>
          {!source.hasData && <p role="alert">{NO_DATA_TEXT}</p>}
          <ul>
            {source.entries.map((entry) => (
              <li key={entry.path}>
                <Popover.Close asChild>
                  <button type="button" className="entry" onClick={() => onInsert(entry.reference)}>
                    {entry.path}: <span>{entry.preview}</span>
                  </button>
                </Popover.Close>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
});

/**
 * The 'Insert Data...' menu (editor-core 2.7, 2.11): an accordion of the earlier steps with
 * their sample output; choosing a value inserts its `${step.path}` reference.
 */
export function InsertDataPicker({
  stepId,
  onInsert,
  label = 'Insert Data...',
}: {
  stepId: string;
  onInsert: (reference: string) => void;
  label?: string;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost">{label}</Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Content align="start" sideOffset={4} aria-label="Insert data from earlier steps">
          <PickerSections stepId={stepId} onInsert={onInsert} />
        </Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
