/**
 * The action editor's Test tab (forms-dp 2.10 Step 2 'Test API Request'): sample values for
 * the action's fields, a connected account or typed account values, Send, then the request as
 * it was sent (secrets redacted) and the answer. Nothing is stored.
 */
import type { ActionDef, AuthInfo } from '@junction/core';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Spinner, TextField } from '../../ui/index.js';
import { usePortal, usePortalApp } from '../PortalLayout.js';
import { Card, ErrorBanner, Hint, Row, SecretValueFields, SelectField } from '../parts.js';
import { type AuthTestResult, describeError } from '../portal-store.js';
import { formFieldsKey } from './AuthPages.js';

const Pre = styled.pre`
  max-height: 360px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: 10px;
  font-size: 12px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Outcome = styled.p<{ $ok: boolean }>`
  font-weight: 700;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.secondary)};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(4)};
  @media (max-width: 900px) { grid-template-columns: 1fr; }
  h3 { margin: 0 0 8px; font-size: 15px; }
`;

interface SentRequest {
  method?: string;
  url?: string;
  query?: [string, string][];
  headers?: Record<string, string>;
  body?: unknown;
}

/** One request custom code sent, as the test's answer lists it (secrets redacted). */
interface CodeRequest {
  request: SentRequest;
  response?: { status?: number; durationMs?: number } | null;
  error?: string;
}

/** The test answer's `http`: the request sent, or for custom code every request the code sent. */
interface TestHttp {
  customCode?: boolean;
  requests?: CodeRequest[];
  request?: SentRequest | null;
  response?: { status?: number } | null;
}

/** A request as text: method and URL with its query, headers, then the body. */
function requestText(sent: SentRequest): string {
  const query = (sent.query ?? []).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const url = `${sent.url ?? ''}${query ? `${(sent.url ?? '').includes('?') ? '&' : '?'}${query}` : ''}`;
  const headers = Object.entries(sent.headers ?? {}).map(([k, v]) => `\n${k}: ${v}`);
  const body =
    sent.body !== undefined && sent.body !== null && sent.body !== ''
      ? `\n\n${typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body, null, 2)}`
      : '';
  return `${(sent.method ?? '').toUpperCase()} ${url}${headers.join('')}${body}`;
}

/** What became of one request: its status and time, or why it failed. */
function outcomeText(call: CodeRequest): string {
  if (call.error) return `Failed: ${call.error}`;
  const status = call.response?.status;
  const time = call.response?.durationMs;
  return `HTTP ${status ?? '?'}${time !== undefined ? ` · ${Math.round(time)} ms` : ''}`;
}

/** The requests custom code sent, each with what came of it; or that it sent none. */
function CodeRequests({ requests }: { requests: readonly CodeRequest[] }) {
  if (requests.length === 0) return <p>The code sent no request.</p>;
  return (
    <ol aria-label="Requests the code sent">
      {requests.map((call, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the requests are in the order sent and never change.
        <li key={i}>
          <Pre>{requestText(call.request)}</Pre>
          <p>{outcomeText(call)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The account fields the app's authentication asks for. */
function accountFields(auth: AuthInfo): { key: string; title?: string }[] {
  if (!auth.apiType) return [];
  return (auth[formFieldsKey(auth.apiType)] ?? []).filter((f) => f.key.trim() !== '');
}

/** The Test tab of one action. */
export function ActionTest({ actionKey, action }: { actionKey: string; action: ActionDef }) {
  const store = usePortal();
  const app = usePortalApp();
  const fields = (action.fields ?? []).filter((f) => f.name.trim() !== '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [authValues, setAuthValues] = useState<Record<string, string>>({});
  const [credentials, setCredentials] = useState<{ id: string; name: string }[]>([]);
  const [credential, setCredential] = useState('');
  const [result, setResult] = useState<AuthTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    store.listCredentials(app.appSlug).then(
      (list) => {
        if (!isCurrent) return;
        setCredentials(list);
        if (list[0]) setCredential(list[0].id);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [store, app.appSlug]);

  const send = async () => {
    setFailure(null);
    setSending(true);
    try {
      const sample = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      const answer = await store.testAction(
        app.appSlug,
        actionKey,
        credential ? { credential, values: sample } : { authValues, values: sample },
      );
      setResult(answer);
    } catch (error) {
      setResult(null);
      setFailure(describeError(error, 'The test could not be sent.').message);
    } finally {
      setSending(false);
    }
  };

  const http = (result?.http ?? null) as TestHttp | null;
  const sent = http?.request ?? null;
  const codeRequests = http?.customCode ? (http.requests ?? []) : null;
  const needsAccount = Boolean(app.authInfo.apiType) && !app.disableAuth;
  return (
    <>
      <Card aria-label="Test setup" title={`Test ${action.title || actionKey}`}>
        <Hint>
          Sends this action as a workflow step would, with the sample values below. Saved changes only: save the API
          Configuration first.
        </Hint>
        {fields.length === 0 ? (
          <p>This action has no fields.</p>
        ) : (
          fields.map((f) => (
            <TextField
              key={f.name}
              label={`Sample value: ${f.title || f.name}`}
              hint={f.required ? 'Required.' : undefined}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          ))
        )}
        {needsAccount && (
          <>
            <SelectField
              label="Account"
              value={credential}
              onChange={(e) => setCredential(e.target.value)}
              options={[
                ...credentials.map((c) => ({ value: c.id, label: c.name })),
                { value: '', label: 'Type account values' },
              ]}
            />
            {!credential && (
              <SecretValueFields
                lead="Account value"
                fields={accountFields(app.authInfo)}
                values={authValues}
                onChange={setAuthValues}
              />
            )}
          </>
        )}
        <Row>
          <Button onClick={send} disabled={isSending}>
            {isSending ? <Spinner label="Sending" size={16} /> : null}
            Send test request
          </Button>
        </Row>
      </Card>
      <Card aria-label="Test result">
        {failure ? (
          <ErrorBanner>{failure}</ErrorBanner>
        ) : !result ? (
          <p>No test request sent yet. Fill in sample values and click Send test request.</p>
        ) : (
          <>
            <Outcome $ok={result.ok} role="status">
              {result.ok ? 'Request Successful' : 'Request Failed'}
              {result.statusCode ? ` · HTTP ${result.statusCode}` : ''}
            </Outcome>
            {!result.ok && result.message && <p>{result.message}</p>}
            <Columns>
              <section aria-label="Request sent">
                {codeRequests ? (
                  <>
                    <h3>{codeRequests.length > 1 ? `Requests (${codeRequests.length})` : 'Request'}</h3>
                    <CodeRequests requests={codeRequests} />
                  </>
                ) : (
                  <>
                    <h3>Request</h3>
                    {sent ? <Pre>{requestText(sent)}</Pre> : <p>No request was sent.</p>}
                  </>
                )}
              </section>
              <section aria-label="Answer">
                <h3>Answer</h3>
                <Pre>{JSON.stringify(result.response, null, 2)}</Pre>
              </section>
            </Columns>
          </>
        )}
      </Card>
    </>
  );
}
