/**
 * The API Configuration's Step 2 'Test API Request' (forms-dp 2.10): what the action will
 * send, built by core's `previewActionRequest` from the configuration as it stands (saved or
 * not) — method and address, query, headers and JSON body, with «placeholders» for the
 * values a step or an account gives later.
 */
import { type ActionDef, type AppDefinition, previewActionRequest } from '@junction/core';
import styled from 'styled-components';
import { Badge } from '../../ui/index.js';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  code { font-family: ${({ theme }) => theme.font.mono}; word-break: break-all; }
`;

const Parts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  dd { margin: 0; min-width: 0; }
  pre {
    margin: 0;
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.small};
    white-space: pre-wrap;
    word-break: break-all;
  }
`;

/** Props of {@link RequestPreview}. */
export interface RequestPreviewProps {
  app: Pick<AppDefinition, 'authInfo' | 'disableAuth'>;
  /** The action as the configuration now describes it. */
  action: ActionDef;
}

/**
 * The address as an author reads it: the request escapes a path's placeholders ('/orders/«Item»'
 * goes out as '/orders/%C2%ABItem%C2%BB'), the preview shows them as written. An address that
 * does not decode is shown as it is.
 */
function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** Shows the request the Test tab would send; a problem (custom code, a bad header) in words. */
export function RequestPreview({ app, action }: RequestPreviewProps) {
  const preview = previewActionRequest(app, action);
  if (!preview.ok) {
    const isCode = preview.errors.some((e) => e.code === 'custom-code');
    return (
      <p>
        {isCode
          ? 'This action runs custom code: the Test tab sends what run(inputData, authData) requests.'
          : preview.errors.map((e) => e.message).join(' ')}
      </p>
    );
  }
  const { method, url, query, headers, body } = preview.request;
  const headerLines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return (
    <section aria-label="The request the test sends">
      <Line>
        <Badge tone="info">{method}</Badge>
        <code>{url ? readableUrl(url) : 'No URL yet'}</code>
      </Line>
      <Parts>
        <dt>Query</dt>
        <dd>{query.length === 0 ? 'None' : <pre>{query.map(([k, v]) => `${k}=${v}`).join('\n')}</pre>}</dd>
        <dt>Headers</dt>
        <dd>{headerLines.length === 0 ? 'None' : <pre>{headerLines.join('\n')}</pre>}</dd>
        <dt>Body</dt>
        <dd>{body === undefined ? 'None' : <pre>{JSON.stringify(body, null, 2)}</pre>}</dd>
      </Parts>
    </section>
  );
}
