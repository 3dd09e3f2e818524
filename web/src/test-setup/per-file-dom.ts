/**
 * vitest setup file of the `web` project (jsdom), beside test/setup/per-file-env.ts (here, so it
 * is type-checked with the DOM library, which the root type check must not see): files share their
 * worker's jsdom window (`isolate: false`), so after each file its React trees are unmounted and
 * what they left in the page and in storage goes — a dialog left open would otherwise lock the
 * next file's body (`pointer-events: none`) and hide its elements from role queries.
 */
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

afterAll(() => {
  cleanup();
  document.body.innerHTML = '';
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
