/**
 * A one-line (or `multiline`) text field whose `${…}` references show as pills, described by
 * the caller (`ui/pill-decorations.ts`): the portal's URL, URL Params and Request Body values
 * read 'Input · Item' where the stored text says `${inputData.item}`, as the editor's step
 * fields do (editor-core 2.7). The editor's `PillField` adds the Insert Data picker over the
 * same decorations. Not exported from the `ui` barrel: it loads CodeMirror.
 */

import { EditorView, placeholder as placeholderText } from '@codemirror/view';
import { useEffect } from 'react';
import styled from 'styled-components';
import { oneLine, type PillDescriber, pillDecorations, setPillDescriber } from './pill-decorations.js';
import { useCodeMirror } from './use-code-mirror.js';

const Box = styled.div<{ $multiline: boolean; $isInvalid: boolean }>`
  box-sizing: border-box;
  width: 100%;
  min-width: 0;
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  .cm-editor { font: inherit; }
  .cm-editor.cm-focused { outline: none; }
  &:focus-within { border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  .cm-scroller { font-family: inherit; line-height: 1.5; }
  .cm-content { padding: 6px 0; min-height: ${({ $multiline }) => ($multiline ? '72px' : '22px')}; caret-color: ${({ theme }) => theme.colors.text}; }
  .cm-line { padding: 0 10px; }
  .cm-placeholder { color: ${({ theme }) => theme.colors.muted}; }
  /* Pill colours from the theme's tokens, so they read in both themes. */
  && .cm-pill { background: ${({ theme }) => theme.colors.accentSubtle}; color: ${({ theme }) => theme.colors.accentText}; }
  && .cm-pill-broken { background: ${({ theme }) => theme.colors.dangerSubtle}; color: ${({ theme }) => theme.colors.dangerText}; outline: 1px solid ${({ theme }) => theme.colors.danger}; }
`;

/** Props of {@link PillInput}. */
export interface PillInputProps {
  /** Accessible name of the editing area. */
  label: string;
  /** Id of a visible label element naming the field (aria-labelledby). */
  labelledBy?: string;
  /** Id of a hint or error describing the field (aria-describedby). */
  describedBy?: string;
  value: string;
  onChange: (value: string) => void;
  /** How a reference reads (core's describer over what the field may reference). */
  describe: PillDescriber;
  multiline?: boolean;
  placeholder?: string;
  isInvalid?: boolean;
}

/** A text field whose references are pills. */
export function PillInput({
  label,
  labelledBy,
  describedBy,
  value,
  onChange,
  describe,
  multiline = false,
  placeholder,
  isInvalid = false,
}: PillInputProps) {
  // Made once; later describers arrive through the effect below.
  const { host, view } = useCodeMirror(value, onChange, () => [
    pillDecorations(describe),
    multiline ? EditorView.lineWrapping : oneLine,
    placeholder ? placeholderText(placeholder) : [],
    EditorView.contentAttributes.of({
      'aria-label': label,
      ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(multiline ? { 'aria-multiline': 'true' } : {}),
      ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
      role: 'textbox',
    }),
  ]);

  useEffect(() => {
    view.current?.dispatch({ effects: setPillDescriber(describe) });
  }, [describe, view]);

  return <Box ref={host} $multiline={multiline} $isInvalid={isInvalid} data-pill-field="" />;
}
