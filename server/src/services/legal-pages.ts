/**
 * The terms and privacy pages the premium offer links (editor-core 6). A self-hosted server's
 * operator sets TERMS_URL / PRIVACY_URL to their own documents; without them Junction answers
 * short, honest pages saying what this server does and that the operator has not set any.
 */

/** Which page. */
export type LegalPage = 'terms' | 'privacy';

const TEXTS: Record<LegalPage, { title: string; paragraphs: string[] }> = {
  terms: {
    title: 'Terms of the premium plan',
    paragraphs: [
      'Junction Premium adds custom triggers, custom actions and data-formatting apps to a workspace.',
      'The offer is $6 for the first month (previously $25), then $25 per month. You can cancel at any time; the workspace returns to the free plan at the end of the paid month.',
      'This Junction server is run by its operator, who has not published their own terms yet (TERMS_URL). Ask them before you rely on the premium plan for business use.',
    ],
  },
  privacy: {
    title: 'Privacy policy',
    paragraphs: [
      'This Junction server stores your account (e-mail, a password hash), your workspaces, workflows, connected accounts (their secrets encrypted at rest) and the input and output of every run, so that you can inspect and replay them.',
      'Connected accounts are used only to run the steps you configure. Support tickets you file are kept for the server’s operators and may be e-mailed to them.',
      'This server is run by its operator, who has not published their own privacy policy yet (PRIVACY_URL). Ask them how long run data is kept and who can read it.',
    ],
  },
};

/** Returns the neutral page (no scripts). */
export function renderLegalPage(page: LegalPage): string {
  const { title, paragraphs } = TEXTS[page];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Junction</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933;background:#f5f5f5;margin:0}
main{max-width:680px;margin:48px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(15,23,42,.15);padding:32px;line-height:1.55}
h1{margin-top:0}</style></head>
<body><main><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</main></body></html>`;
}
