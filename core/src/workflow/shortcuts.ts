/**
 * The editor's keyboard shortcuts (editor-core 4.3 undo and redo, 4.5 save): which command a
 * key press asks for. Ctrl or Cmd + S saves everywhere; undo, redo and Delete act on the
 * workflow only outside a text box (a box has its own undo and Delete); Escape closes the
 * open panel.
 */

/** What a key press carries (a DOM KeyboardEvent fits). */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
}

/** The commands the editor's shortcuts ask for. */
export type EditorShortcut = 'save' | 'undo' | 'redo' | 'delete' | 'close';

/**
 * Returns the command of a key press, or undefined when it is none. `isTyping`: the press
 * happens in a text box, whose own undo, redo and Delete are left alone.
 */
export function editorShortcut(press: ShortcutKey, isTyping: boolean): EditorShortcut | undefined {
  if (press.altKey) return undefined;
  const key = press.key.toLowerCase();
  const command = press.ctrlKey || press.metaKey;
  if (command && key === 's' && !press.shiftKey) return 'save';
  if (press.key === 'Escape' && !command) return 'close';
  if (isTyping) return undefined;
  if (command && key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y' && !press.shiftKey) return 'redo';
  if (!command && press.key === 'Delete') return 'delete';
  return undefined;
}
