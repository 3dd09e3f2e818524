/**
 * Which HTML page of the built web app answers an address: the public form pages
 * (forms-and-developer-portal 2.1, 2.2: `/form/{formId}`, `/page/{pageId}`) have an entry of
 * their own, `form.html`, that loads only the form code; every other address gets `index.html`.
 * Shared by the server and the browser tests' static server. No dependencies on purpose.
 */

/** Paths whose answers may be shown inside another site's frame (forms-dp 2.1: /form, /page). */
export const EMBEDDABLE_PATH = /^\/(form|page)\//;

/** The public form entry's routes: one segment after /form/ or /page/ (web/src/app/form-entry.tsx). */
const FORM_PAGE_PATH = /^\/(form|page)\/[^/]+\/?$/;

/** The form entry's HTML file in the build (web/form.html). */
export const FORM_HTML = 'form.html';

/** The app's HTML file in the build (web/index.html). */
export const INDEX_HTML = 'index.html';

/**
 * The HTML file that answers a page navigation to `pathname` (no query): form.html for a public
 * form page, when the build has one (`hasFormHtml`), else index.html.
 *
 * @example
 * htmlPageFor('/form/f1', true)  // 'form.html'
 * htmlPageFor('/workflows', true) // 'index.html'
 */
export function htmlPageFor(pathname: string, hasFormHtml: boolean): string {
  return hasFormHtml && FORM_PAGE_PATH.test(pathname) ? FORM_HTML : INDEX_HTML;
}
