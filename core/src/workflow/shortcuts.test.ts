import { describe, expect, it } from 'vitest';
import { editorShortcut } from './shortcuts.js';

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('editor shortcuts (editor-core 4.3, 4.5)', () => {
  it('undoes with Ctrl/Cmd+Z and redoes with Ctrl/Cmd+Shift+Z or Ctrl+Y', () => {
    expect(editorShortcut(press('z', { ctrl: true }), false)).toBe('undo');
    expect(editorShortcut(press('z', { meta: true }), false)).toBe('undo');
    expect(editorShortcut(press('Z', { ctrl: true, shift: true }), false)).toBe('redo');
    expect(editorShortcut(press('Z', { meta: true, shift: true }), false)).toBe('redo');
    expect(editorShortcut(press('y', { ctrl: true }), false)).toBe('redo');
  });

  it('leaves undo, redo and Delete to a text box being typed in', () => {
    expect(editorShortcut(press('z', { ctrl: true }), true)).toBeUndefined();
    expect(editorShortcut(press('Z', { meta: true, shift: true }), true)).toBeUndefined();
    expect(editorShortcut(press('Delete'), true)).toBeUndefined();
    expect(editorShortcut(press('Delete'), false)).toBe('delete');
  });

  it('saves with Ctrl/Cmd+S and closes with Escape, in a text box too', () => {
    expect(editorShortcut(press('s', { ctrl: true }), true)).toBe('save');
    expect(editorShortcut(press('S', { meta: true }), false)).toBe('save');
    expect(editorShortcut(press('Escape'), true)).toBe('close');
    expect(editorShortcut(press('Escape'), false)).toBe('close');
  });

  it('asks for nothing on plain letters or Alt combinations', () => {
    expect(editorShortcut(press('z'), false)).toBeUndefined();
    expect(editorShortcut(press('z', { ctrl: true, alt: true }), false)).toBeUndefined();
    expect(editorShortcut(press('s'), false)).toBeUndefined();
  });
});
