/**
 * A Python code editor (CodeMirror 6 with the Python language), used by custom action code
 * and custom auth code (forms-dp 2.6, 2.10). Uncontrolled after mount: it reports every change
 * and takes a new `value` only when it differs from what it holds.
 */
import { python } from '@codemirror/lang-python';
import { basicSetup, EditorView } from 'codemirror';
import styled from 'styled-components';
import { useCodeMirror } from '../ui/use-code-mirror.js';

const Box = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  .cm-editor { min-height: 220px; font-size: 13px; }
  .cm-editor.cm-focused { outline: 2px solid ${({ theme }) => theme.colors.focus}; }
`;

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  /** Accessible name of the editing area. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Renders a CodeMirror editor in Python mode. */
export function CodeEditor({ label, value, onChange }: CodeEditorProps) {
  const { host } = useCodeMirror(value, onChange, () => [
    basicSetup,
    python(),
    EditorView.contentAttributes.of({ 'aria-label': label }),
  ]);

  return <Box ref={host} data-testid="code-editor" />;
}
