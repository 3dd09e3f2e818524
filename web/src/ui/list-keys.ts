/**
 * The keys of a list a text box drives (the editor's Insert Data picker, a dynamic dropdown):
 * Up and Down move the active option within the list, Enter chooses it, Escape (where the list
 * handles it) closes it. The text box keeps the focus; the list names the active option.
 */
import type { KeyboardEvent } from 'react';

/**
 * Handles a key pressed in the text box of a list of `items` whose `active` one Enter gives to
 * `choose`; other keys are left alone. Without `close`, Escape is left to the surrounding popover.
 */
export function onListKey<T>(
  event: KeyboardEvent,
  items: readonly T[],
  active: number,
  setActive: (index: number) => void,
  choose: (item: T) => void,
  close?: () => void,
): void {
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    setActive(Math.min(active + 1, items.length - 1));
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    setActive(Math.max(active - 1, 0));
  } else if (event.key === 'Enter') {
    event.preventDefault();
    const item = items[active];
    if (item !== undefined) choose(item);
  } else if (event.key === 'Escape' && close) {
    event.preventDefault();
    close();
  }
}
