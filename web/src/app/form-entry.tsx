import { useEffect } from 'react';
import { PublicFormPage } from '../forms/renderer/PublicFormPage.js';
import { NOT_FOUND_PATH } from './paths.js';

/** The parameters of a public form address: `formId` for /form/{id}, `pageId` for /page/{id}. */
export interface FormAddress {
  formId?: string;
  pageId?: string;
}

// The two routes of forms-dp 2.1 the form entry answers ('/form/:formId', '/page/:pageId'),
// exact and case-sensitive, one trailing slash tolerated, as the app's router matches them.
const FORM_ADDRESS = /^\/(form|page)\/([^/]+)\/?$/;

/**
 * Reads a public form address from a pathname; null when it is not one.
 *
 * @example
 * formAddress('/form/new')  // { formId: 'new' }
 * formAddress('/page/p1/')  // { pageId: 'p1' }
 * formAddress('/form/a/b')  // null
 */
export function formAddress(pathname: string): FormAddress | null {
  const match = FORM_ADDRESS.exec(pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[2] ?? '');
  return match[1] === 'form' ? { formId: id } : { pageId: id };
}

/** Any other address belongs to the main app: /404 is loaded as a page of its own. */
function Elsewhere() {
  useEffect(() => window.location.replace(NOT_FOUND_PATH), []);
  return null;
}

/**
 * The page of the public form entry (form.html, src/form-main.tsx, served for /form/{id} and
 * /page/{id}): the public form or the standalone builder, without the editor's code or a
 * router, so a visitor's first load is small (BENCHMARKS.md "Form builder").
 */
export function FormEntryPage({ pathname }: { pathname: string }) {
  const address = formAddress(pathname);
  return address ? <PublicFormPage {...address} /> : <Elsewhere />;
}
