/**
 * The one field editor for values that may hold data from earlier steps (editor-core 2.7,
 * 2.11): a CodeMirror line (or box, `multiline`) where each `${…}` reference is an inline
 * pill "Step name · field". Typing `{` in a one-line field, `${` in a box, or Ctrl+Space
 * opens the Insert Data picker under the field; the chosen value goes in at the cursor.
 * Used by step fields, the request builder's rows and the filter's field and value.
 */

import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import * as Popover from '@radix-ui/react-popover';
import { observer } from 'mobx-react-lite';
import { type RefObject, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/index.js';
import { oneLine } from '../../ui/pill-decorations.js';
import { useCodeMirror } from '../../ui/use-code-mirror.js';
import { useEditor } from '../editor-context.js';
import { samplesFor } from '../panels/panel-fields.js';
import { DataPickerList } from './DataPickerList.js';
import { pills, setPillSamples } from './pill-extension.js';

const Box = styled.div<{ $multiline: boolean; $wrap: boolean }>`
  box-sizing: border-box;
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  .cm-editor { font: inherit; }
  .cm-editor.cm-focused { outline: none; }
  &:focus-within { border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  .cm-scroller { font-family: ${({ $multiline }) => ($multiline ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : 'inherit')}; font-size: ${({ $multiline }) => ($multiline ? '13px' : 'inherit')}; line-height: 1.5; }
  .cm-content { padding: ${({ $multiline }) => ($multiline ? '6px 0' : '6px 0')}; min-height: ${({ $multiline }) => ($multiline ? '72px' : '22px')}; }
  .cm-line { padding: 0 10px; }
  .cm-placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  /* A wrapped field (a narrow row) wraps a long pill's label rather than cutting it. */
  ${({ $wrap }) => ($wrap ? '&& .cm-pill { white-space: normal; max-width: 100%; box-sizing: border-box; }' : '')}
`;

const Content = styled(Popover.Content)`
  z-index: 30;
  width: min(380px, calc(100vw - 24px));
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 2px;
`;

/** Props of {@link PillField}. */
export interface PillFieldProps {
  /** The step whose earlier steps' data may be inserted. */
  stepId: string;
  /** Accessible name of the editing area. */
  label: string;
  /** Id of a visible label element naming the field (aria-labelledby). */
  labelledBy?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  placeholder?: string;
  /** Hide the 'Insert Data...' button (the `{` key and Ctrl+Space still open the picker). */
  compact?: boolean;
  /** Wrap a long one-line value (pills included) instead of scrolling it, as in a narrow row. */
  wrap?: boolean;
}

/** A text field whose references to earlier steps are pills. */
export const PillField = observer(function PillField({
  stepId,
  label,
  labelledBy,
  value,
  onChange,
  multiline = false,
  placeholder,
  compact = false,
  wrap = false,
}: PillFieldProps) {
  const editor = useEditor();
  const samples = samplesFor(editor.wf, stepId);
  const [open, setOpen] = useState(false);
  // Where the picker inserts: the last cursor while the field had focus, else the end.
  const cursor = useRef<{ from: number; to: number } | null>(null);
  const openRef = useRef(setOpen);
  openRef.current = setOpen;
  const openPicker = () => {
    openRef.current(true);
    return true;
  };

  // Made once; later samples arrive through the effect below.
  const { host, view } = useCodeMirror(value, onChange, () => [
    pills(samples),
    multiline ? EditorView.lineWrapping : [oneLine, wrap ? EditorView.lineWrapping : []],
    placeholder ? placeholderText(placeholder) : [],
    keymap.of([{ key: 'Ctrl-Space', run: openPicker }]),
    EditorView.inputHandler.of((v, from, _to, text) => {
      if (text !== '{') return false;
      const before = v.state.sliceDoc(Math.max(0, from - 1), from);
      if (before === '$') {
        // `${` typed: the picker replaces the `$` with a whole reference.
        v.dispatch({ changes: { from: from - 1, to: from, insert: '' } });
        return openPicker();
      }
      return multiline ? false : openPicker();
    }),
    EditorView.contentAttributes.of({
      'aria-label': label,
      ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      ...(multiline ? { 'aria-multiline': 'true' } : {}),
      role: 'textbox',
    }),
    EditorView.updateListener.of((update) => {
      if (update.view.hasFocus || update.docChanged) {
        const { from, to } = update.state.selection.main;
        cursor.current = update.view.hasFocus || cursor.current ? { from, to } : null;
      }
    }),
  ]);

  useEffect(() => {
    view.current?.dispatch({ effects: setPillSamples(samples) });
  }, [samples, view]);

  const insert = (reference: string) => {
    const current = view.current;
    setOpen(false);
    if (!current) return onChange(`${value}${reference}`);
    const end = current.state.doc.length;
    const at = cursor.current ?? { from: end, to: end };
    const from = Math.min(at.from, end);
    const to = Math.min(at.to, end);
    current.dispatch({
      changes: { from, to, insert: reference },
      selection: { anchor: from + reference.length },
    });
    current.focus();
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* The field's own box is the anchor, read through `virtualRef`: as a Slot child its ref
          never reached the popper, which then opened the picker at the window's corner. */}
      <Popover.Anchor virtualRef={host as RefObject<HTMLDivElement>} />
      <Box ref={host} $multiline={multiline} $wrap={wrap} data-pill-field="" />
      {!compact && (
        <Actions>
          <Popover.Trigger asChild>
            <Button variant="ghost" data-tour="insert-data">
              Insert Data...
            </Button>
          </Popover.Trigger>
        </Actions>
      )}
      <Popover.Portal>
        <Content
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label="Insert data from earlier steps"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            view.current?.focus();
          }}
        >
          {open && <DataPickerList stepId={stepId} onInsert={insert} onClose={() => setOpen(false)} />}
        </Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
