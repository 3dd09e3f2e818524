/**
 * The small HTML page the OAuth 2.0 pop-up ends on (editor-core 2.5, 7.3): it posts
 * `{ type: 'junction:oauth', ok, credentialId | message, app }` to `window.opener` with the
 * editor's exact origin (never '*') and closes itself. The script is a constant allowed by its
 * sha-256 in the page's own Content-Security-Policy; the result travels in a JSON data block
 * (not executed), so nothing the provider sent can run.
 */
import { createHash } from 'node:crypto';

/** The message the pop-up posts to its opener. */
export type OAuthPopupMessage =
  | { type: 'junction:oauth'; ok: true; app: string; credentialId: string }
  | { type: 'junction:oauth'; ok: false; app: string; message: string };

const SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('junction-oauth-result').textContent);" +
  'if(window.opener){window.opener.postMessage(d.message,d.origin);}' +
  'setTimeout(function(){window.close();},50);})();';

/** The `script-src` source that allows exactly the page's script. */
export const OAUTH_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The page's Content-Security-Policy: only its own hashed script, no other resource. */
export const OAUTH_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${OAUTH_PAGE_SCRIPT_HASH}`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Renders the page.
 *
 * @example renderOAuthPage({ type: 'junction:oauth', ok: true, app: 'acme', credentialId: 'c1' }, 'http://localhost:5000')
 */
export function renderOAuthPage(message: OAuthPopupMessage, editorOrigin: string): string {
  const data = JSON.stringify({ origin: editorOrigin, message })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const title = message.ok ? 'Account connected' : 'Could not connect the account';
  const text = message.ok ? 'Your account is connected. You can close this window.' : message.message;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:28rem;padding:0 1rem;color:#1f2933}h1{font-size:1.25rem}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<script type="application/json" id="junction-oauth-result">${data}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
