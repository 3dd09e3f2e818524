/**
 * Authentication (forms-dp 2.6): choose a scheme or view the current one with Edit and Delete
 * (/develop/{appSlug}/authentication), and the step-by-step configuration with the Test panel
 * (/develop/{appSlug}/authentication/edit).
 */
import {
  type ApiType,
  type AppDefinition,
  type AuthFormField,
  type AuthInfo,
  authCodeBody,
  authCodeWhole,
  CUSTOM_AUTH_PREFIX,
  CUSTOM_AUTH_SUFFIX,
  findTestAction,
  NO_TEST_ACTION_MESSAGE,
} from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { openSignInWindow, readSignInMessage, signInUrl } from '../../shared/sign-in-window.js';
import { Button, Spinner, Tabs, TabsContent, TabsTrigger, TextField, VisuallyHidden } from '../../ui/index.js';
import { CodeEditor } from '../CodeEditor.js';
import { usePortal, usePortalApp, usePortalEditor, useSaveToast, withPortalLayout } from '../PortalLayout.js';
import {
  Card,
  controlLook,
  ErrorBanner,
  Group,
  Heading,
  Hint,
  KeyValueRows,
  Row,
  SaveButton,
  SecretValueFields,
  SelectField,
  TabStrip,
} from '../parts.js';
import { type AuthTestResult, describeError, editWithModel } from '../portal-store.js';

/** The schemes in the order offered, with their labels (forms-dp 2.3, 9). */
export const AUTH_SCHEMES: readonly { type: ApiType; label: string; about: string }[] = [
  { type: 'basic', label: 'Basic Auth', about: 'A username and password sent as an Authorization: Basic header.' },
  { type: 'apikey', label: 'API Key', about: 'A key the user pastes, sent in a header or a query parameter.' },
  { type: 'oauth2', label: 'OAuth 2.0', about: 'The user signs in at the provider in a pop-up (authorization code).' },
  { type: 'customCode', label: 'Custom', about: 'Python code that checks the account.' },
];

/** The authInfo key holding a scheme's account form fields. */
export function formFieldsKey(
  type: ApiType,
): 'basicFormFields' | 'apikeyFormFields' | 'oauthFormFields' | 'customCodeFormFields' {
  if (type === 'basic') return 'basicFormFields';
  if (type === 'apikey') return 'apikeyFormFields';
  if (type === 'oauth2') return 'oauthFormFields';
  return 'customCodeFormFields';
}

/** The Response tab's text before any test (forms-dp 8). */
export const NO_TEST_YET =
  'No test request made yet. Click "Test Setup" and "Test Authentication" at the bottom to make a test request and see its response here.';
/** The HTTP tab's text before any test (forms-dp 8). */
export const NO_LOGS = 'No logs to show. Go to "Test Setup" and click the Test Authentication button.';

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  margin-bottom: ${({ theme }) => theme.space(2)};
  cursor: pointer;
  strong { display: block; }
`;

const AuthenticationView = observer(function AuthenticationView() {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const [choice, setChoice] = useState<ApiType>('apikey');
  const [error, setError] = useState<string | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const apiType = app.authInfo.apiType;
  const base = `/develop/${app.appSlug}/authentication`;

  if (!apiType) {
    const choose = async () => {
      const edited = editWithModel(app, (m) => {
        m.chooseAuthScheme(choice, window.location.origin);
        return undefined;
      });
      if (!edited.ok) return;
      const result = await store.save(edited.app);
      saveToast(result, app.appName);
      if (result.ok) navigate(`${base}/edit`);
      else setError(result.message);
    };
    return (
      <Card style={{ maxWidth: 720 }}>
        <Heading>Authentication</Heading>
        <p>How do users of {app.appName} connect their account?</p>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <div role="radiogroup" aria-label="Authentication scheme">
          {AUTH_SCHEMES.map((s) => (
            <Choice key={s.type}>
              <input
                type="radio"
                name="scheme"
                value={s.type}
                checked={choice === s.type}
                onChange={() => setChoice(s.type)}
              />
              <span>
                <strong>{s.label}</strong>
                <Hint>{s.about}</Hint>
              </span>
            </Choice>
          ))}
        </div>
        <Button onClick={choose} disabled={store.isSaving}>
          Continue
        </Button>
      </Card>
    );
  }

  const scheme = AUTH_SCHEMES.find((s) => s.type === apiType)!;
  const fields = (app.authInfo[formFieldsKey(apiType)] ?? []) as AuthFormField[];
  // forms-dp 2.6: deleting asks twice, as for actions and triggers ('Delete' → 'Really Delete?').
  const remove = async () => {
    if (!isConfirmingDelete) {
      setConfirmingDelete(true);
      return;
    }
    setConfirmingDelete(false);
    const result = await store.save({ ...app, authInfo: {} });
    saveToast(result, app.appName);
  };
  return (
    <Card style={{ maxWidth: 720 }}>
      <Heading>Authentication</Heading>
      <h2>{scheme.label}</h2>
      <p>{scheme.about}</p>
      <h3>Account fields</h3>
      {fields.length === 0 ? (
        <p>None.</p>
      ) : (
        <FieldTable>
          <VisuallyHidden as="caption">Account fields</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Key</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.key}>
                <td>{f.title || f.key}</td>
                <td>
                  <code>{f.key}</code>
                </td>
                <td>{f.description || '—'}</td>
              </tr>
            ))}
          </tbody>
        </FieldTable>
      )}
      <p>
        Test action: <code>{app.authInfo.testAuth || findTestAction(app)?.key || 'none'}</code>
        {app.authInfo.testResponseStatus !== undefined &&
          ` · last test: ${app.authInfo.testResponseStatus ? 'Request Successful' : 'Request Failed'}`}
      </p>
      <Row>
        <Button onClick={() => navigate(`${base}/edit`)}>Edit</Button>
        <Button variant="danger" onClick={remove} disabled={store.isSaving}>
          {isConfirmingDelete ? 'Really Delete?' : 'Delete'}
        </Button>
        {isConfirmingDelete && (
          <Button variant="ghost" onClick={() => setConfirmingDelete(false)}>
            Cancel
          </Button>
        )}
      </Row>
    </Card>
  );
});

/** /develop/{appSlug}/authentication. */
export const AuthenticationPage = withPortalLayout(AuthenticationView);

const Step = styled(Card)`
  h2 span { color: ${({ theme }) => theme.colors.accentText}; margin-right: ${({ theme }) => theme.space(2)}; }
`;

/** The account fields read-only: field, key and description columns. */
const FieldTable = styled.table`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-collapse: collapse;
  th, td { text-align: left; padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { background: ${({ theme }) => theme.colors.surfaceSunken}; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  code { font-family: ${({ theme }) => theme.font.mono}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

/** One row of the editable account fields; the first row holds the column headers. */
const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 2fr ${({ theme }) => theme.control.medium};
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
  input {
    min-height: ${({ theme }) => theme.control.medium};
    padding: 0 ${({ theme }) => theme.space(2)};
    ${controlLook}
  }
  input::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  input:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const ColumnHead = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

/** Rows of account form fields: key, title, description. */
function FormFieldRows({ rows, onChange }: { rows: AuthFormField[]; onChange: (rows: AuthFormField[]) => void }) {
  const set = (i: number, patch: Partial<AuthFormField>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Group aria-label="Account fields">
      {rows.length > 0 && (
        // The inputs carry their own names; these headers are for the eye.
        <FieldGrid aria-hidden="true">
          <ColumnHead>Key</ColumnHead>
          <ColumnHead>Title</ColumnHead>
          <ColumnHead>Description</ColumnHead>
          <span />
        </FieldGrid>
      )}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are addressed by place.
        <FieldGrid key={i}>
          <input
            aria-label={`Field key ${i + 1}`}
            placeholder="key"
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <input
            aria-label={`Field title ${i + 1}`}
            placeholder="Title"
            value={row.title ?? ''}
            onChange={(e) => set(i, { title: e.target.value })}
          />
          <input
            aria-label={`Field description ${i + 1}`}
            placeholder="Description"
            value={row.description ?? ''}
            onChange={(e) => set(i, { description: e.target.value })}
          />
          <Button
            variant="ghost"
            aria-label={`Remove field ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </FieldGrid>
      ))}
      <Button variant="ghost" onClick={() => onChange([...rows, { key: '', title: '' }])}>
        Add field
      </Button>
    </Group>
  );
}

const Fixed = styled.pre`
  margin: 0;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const TestTabs = styled(TabStrip)`
  margin-bottom: 12px;
  button { color: ${({ theme }) => theme.colors.muted}; }
  button[aria-selected='true'] { border-bottom-color: ${({ theme }) => theme.colors.accent}; color: ${({ theme }) => theme.colors.accentText}; }
`;

const Json = styled.pre`
  max-height: 360px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.surfaceSunken};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.xsmall};
`;

const Outcome = styled.p<{ $ok: boolean }>`
  font-weight: 700;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.successText : theme.colors.dangerText)};
`;

const AuthenticationEdit = observer(function AuthenticationEdit() {
  const store = usePortal();
  const app = usePortalApp();
  const saveToast = useSaveToast();
  const navigate = useNavigate();
  const [auth, setAuth] = useState<AuthInfo>(() => structuredClone(app.authInfo));
  const [error, setError] = useState<string | null>(null);
  const apiType = auth.apiType;
  useEffect(() => {
    if (!apiType) navigate(`/develop/${app.appSlug}/authentication`, { replace: true });
  }, [apiType, app.appSlug, navigate]);
  if (!apiType) return null;
  const fieldsKey = formFieldsKey(apiType);
  const fields = (auth[fieldsKey] ?? []) as AuthFormField[];
  const set = (patch: Partial<AuthInfo>) => setAuth({ ...auth, ...patch });
  const actionOptions = Object.entries(app.actions).map(([key, a]) => ({
    value: key,
    label: `${a.title || key} (${key})`,
  }));

  const save = async (): Promise<boolean> => {
    setError(null);
    const next: AppDefinition = {
      ...app,
      authInfo: {
        ...auth,
        testResponse: app.authInfo.testResponse,
        testResponseStatus: app.authInfo.testResponseStatus,
      },
    };
    const result = await store.save(next);
    saveToast(result, app.appName);
    if (!result.ok) setError(result.message);
    else setAuth(structuredClone(store.app?.authInfo ?? auth));
    return result.ok;
  };

  const scheme = AUTH_SCHEMES.find((s) => s.type === apiType)!;
  return (
    <div style={{ maxWidth: 860 }}>
      <Heading>{scheme.label} Authentication</Heading>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Step>
        <h2>
          <span>1</span>Account fields
        </h2>
        <Hint>What users type when they connect an account; requests reach them as {'${auth.key}'}.</Hint>
        <FormFieldRows rows={fields} onChange={(rows) => set({ [fieldsKey]: rows })} />
      </Step>
      <Step>
        <h2>
          <span>2</span>
          {apiType === 'oauth2' ? 'OAuth 2.0 settings' : apiType === 'customCode' ? 'Custom code' : 'Request settings'}
        </h2>
        {apiType === 'oauth2' && <OAuthSettings auth={auth} onChange={set} />}
        {apiType === 'customCode' && (
          <>
            <Fixed aria-label="Fixed start of the code">{CUSTOM_AUTH_PREFIX}</Fixed>
            <CodeEditor
              label="Custom auth code"
              value={authCodeBody(auth.customCodeInfo?.customCode)}
              onChange={(body) => set({ customCodeInfo: { customCode: authCodeWhole(body) } })}
            />
            <Fixed aria-label="Fixed end of the code">{CUSTOM_AUTH_SUFFIX}</Fixed>
          </>
        )}
        {(apiType === 'apikey' || apiType === 'basic') && (
          <>
            <Hint>
              {apiType === 'basic'
                ? 'Every request carries Authorization: Basic from username and password. Add other headers here.'
                : 'Where the key goes: a header (e.g. X-Api-Key: ${auth.api_key}) or a query parameter.'}
            </Hint>
            <TextField
              label="Request URL"
              hint="A GET sent with the account's values to prove them (Test Authentication and the check on save) when no test action is chosen below, e.g. https://api.example.com/v1/me."
              value={auth.requestConfig?.url ?? ''}
              onChange={(e) => set({ requestConfig: { ...auth.requestConfig, url: e.target.value } })}
            />
            <h3>Headers</h3>
            <KeyValueRows
              label="Headers"
              rows={auth.requestConfig?.headers ?? []}
              onChange={(headers) => set({ requestConfig: { ...auth.requestConfig, headers } })}
            />
            <h3>Query parameters</h3>
            <KeyValueRows
              label="Query parameters"
              rows={auth.requestConfig?.params ?? []}
              onChange={(params) => set({ requestConfig: { ...auth.requestConfig, params } })}
            />
          </>
        )}
      </Step>
      <Step>
        <h2>
          <span>3</span>Test action
        </h2>
        {apiType === 'oauth2' && (
          <Hint>OAuth 2.0 tests with a simple GET action: method GET, a URL, no fields, no custom code.</Hint>
        )}
        <SelectField
          label="Test action"
          value={auth.testAuth ?? ''}
          onChange={(e) => set({ testAuth: e.target.value || undefined })}
          options={[{ value: '', label: 'Choose an action' }, ...actionOptions]}
        />
        {actionOptions.length === 0 && <Hint>Add an action first (Actions → +Add Action).</Hint>}
        <Row>
          <SaveButton onClick={save} isSaving={store.isSaving} />
        </Row>
      </Step>
      <TestPanel fields={fields} onBeforeTest={save} />
    </div>
  );
});

/** /develop/{appSlug}/authentication/edit. */
export const AuthenticationEditPage = withPortalLayout(AuthenticationEdit);

/** The OAuth 2.0 step: client, endpoints, scopes, redirect URI, state, response type, grant types. */
function OAuthSettings({ auth, onChange }: { auth: AuthInfo; onChange: (patch: Partial<AuthInfo>) => void }) {
  const grants = auth.grant_types ?? [];
  const toggleGrant = (grant: string, on: boolean) =>
    onChange({ grant_types: on ? [...grants.filter((g) => g !== grant), grant] : grants.filter((g) => g !== grant) });
  return (
    <>
      <TextField
        label="Client ID"
        value={auth.clientInfo?.client_id ?? ''}
        onChange={(e) => onChange({ clientInfo: { ...auth.clientInfo, client_id: e.target.value } })}
      />
      <TextField
        label="Client Secret"
        type="password"
        autoComplete="off"
        hint="Stored encrypted; never shown again. Leave as is to keep the stored secret."
        value={auth.clientInfo?.client_secret ?? ''}
        onChange={(e) => onChange({ clientInfo: { ...auth.clientInfo, client_secret: e.target.value } })}
      />
      <TextField
        label="Authorization URL"
        value={auth.auth_url ?? ''}
        onChange={(e) => onChange({ auth_url: e.target.value })}
      />
      <TextField
        label="Access Token URL"
        value={auth.token_url ?? ''}
        onChange={(e) => onChange({ token_url: e.target.value })}
      />
      <TextField
        label="Refresh Token URL"
        hint="Where expired tokens are refreshed; empty uses the Access Token URL."
        value={auth.refreshRequestConfig?.url ?? ''}
        onChange={(e) => onChange({ refreshRequestConfig: { ...auth.refreshRequestConfig, url: e.target.value } })}
      />
      <h3>Extra authorize parameters</h3>
      <Hint>Added to the Authorization URL, e.g. access_type = offline or prompt = consent.</Hint>
      <KeyValueRows
        label="Extra authorize parameters"
        addLabel="Add parameter"
        itemName="parameter"
        rows={auth.authRequestConfig?.params ?? []}
        onChange={(params) => onChange({ authRequestConfig: { ...auth.authRequestConfig, params } })}
      />
      <h3>Token request headers</h3>
      <Hint>Sent with the code exchange and the refresh (the refresh's own headers are not set here).</Hint>
      <KeyValueRows
        label="Token request headers"
        addLabel="Add header"
        itemName="header"
        rows={auth.accessRequestConfig?.headers ?? []}
        onChange={(headers) => onChange({ accessRequestConfig: { ...auth.accessRequestConfig, headers } })}
      />
      <h3>Token request body</h3>
      <Hint>Extra form fields of the code exchange, e.g. audience = https://api.example.com.</Hint>
      <KeyValueRows
        label="Token request body"
        addLabel="Add body field"
        itemName="body field"
        rows={auth.accessRequestConfig?.body ?? []}
        onChange={(body) => onChange({ accessRequestConfig: { ...auth.accessRequestConfig, body } })}
      />
      <h3>Refresh request body</h3>
      <KeyValueRows
        label="Refresh request body"
        addLabel="Add body field"
        itemName="body field"
        rows={auth.refreshRequestConfig?.body ?? []}
        onChange={(body) => onChange({ refreshRequestConfig: { ...auth.refreshRequestConfig, body } })}
      />
      <TextField
        label="Scopes"
        hint="Separated by spaces."
        value={auth.scopes ?? ''}
        onChange={(e) => onChange({ scopes: e.target.value })}
      />
      <TextField
        label="Redirect URI"
        hint="Register this address at the provider."
        value={auth.redirect_uri ?? ''}
        onChange={(e) => onChange({ redirect_uri: e.target.value })}
      />
      <TextField label="State" value={auth.state ?? ''} onChange={(e) => onChange({ state: e.target.value })} />
      <TextField
        label="Response type"
        value={auth.response_type ?? ''}
        onChange={(e) => onChange({ response_type: e.target.value })}
      />
      <fieldset style={{ border: 0, padding: 0 }}>
        <legend style={{ fontWeight: 600 }}>Grant types</legend>
        {['authorization_code', 'refresh_token'].map((grant) => (
          <label key={grant} style={{ marginRight: 16 }}>
            <input
              type="checkbox"
              checked={grants.includes(grant)}
              onChange={(e) => toggleGrant(grant, e.target.checked)}
            />{' '}
            {grant}
          </label>
        ))}
      </fieldset>
    </>
  );
}

interface Credential {
  id: string;
  name: string;
}

/**
 * The Test panel (forms-dp 2.6, 8): Test Setup (typed values or a connected account, the
 * 'connect account' pop-up for OAuth 2.0), Test Authentication, and the Response and HTTP tabs.
 */
const TestPanel = observer(function TestPanel({
  fields,
  onBeforeTest,
}: {
  fields: AuthFormField[];
  onBeforeTest: () => Promise<boolean>;
}) {
  const store = usePortal();
  const app = usePortalApp();
  const [values, setValues] = useState<Record<string, string>>({});
  const [credentials, setCredentials] = useState<Credential[]>([]);
  const [credential, setCredential] = useState('');
  const [tab, setTab] = useState<'response' | 'http'>('response');
  const [isTesting, setTesting] = useState(false);
  const [result, setResult] = useState<AuthTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isOAuth = app.authInfo.apiType === 'oauth2';

  const loadCredentials = useCallback(async () => {
    try {
      setCredentials(await store.listCredentials(app.appSlug));
    } catch {
      setCredentials([]);
    }
  }, [store, app.appSlug]);
  useEffect(() => {
    void loadCredentials();
  }, [loadCredentials]);
  useEffect(() => {
    // forms-dp 7: a message from the pop-up reloads the accounts.
    const onMessage = (event: MessageEvent) => {
      const message = readSignInMessage(event, [window.location.origin]);
      if (!message) return;
      if (message.ok) {
        void loadCredentials();
        setCredential(message.credentialId);
      } else setFailure(message.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [loadCredentials]);

  const connect = async () => {
    if (!store.hasToken) {
      setFailure('Sign in again to connect an account.');
      return;
    }
    // The window opens blank inside the click (pop-up blockers allow it); its address, with a
    // single-use ticket instead of the session token, follows (editor-core 7.3).
    let userId = '';
    try {
      const outcome = await openSignInWindow({
        open: (url, name, features) => window.open(url, name, features),
        name: 'junction-sign-in',
        fetchTicket: async () => {
          const grant = await store.signInTicket();
          userId = grant.userId;
          return grant.ticket;
        },
        address: (ticket) => signInUrl({ origin: window.location.origin, appSlug: app.appSlug, userId, ticket }),
      });
      if (outcome === 'blocked') {
        setFailure('The sign-in window was blocked. Allow pop-ups for this site and try again.');
      }
    } catch (error) {
      setFailure(describeError(error, 'Could not start the sign-in.').message);
    }
  };

  const test = async () => {
    setFailure(null);
    setTesting(true);
    try {
      if (!(await onBeforeTest())) return;
      const input = credential ? { credential } : { values };
      setResult(await store.testAuth(input));
      setTab('response');
    } catch (error) {
      setResult(null);
      setFailure(describeError(error, 'The test could not run.').message);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card aria-label="Test panel" title="Test">
      <Tabs value={tab} onValueChange={setTab}>
        <TestTabs aria-label="Test result">
          <TabsTrigger value="response">Response</TabsTrigger>
          <TabsTrigger value="http">HTTP</TabsTrigger>
        </TestTabs>
        <TabsContent value={tab}>
          {tab === 'response' &&
            (failure ? (
              <ErrorBanner>{failure}</ErrorBanner>
            ) : result ? (
              <>
                <Outcome $ok={result.ok}>{result.ok ? 'Request Successful' : 'Request Failed'}</Outcome>
                {result.message && !result.ok && (
                  <p>{result.message === NO_TEST_ACTION_MESSAGE ? NO_TEST_ACTION_MESSAGE : result.message}</p>
                )}
                <Json aria-label="Response body">{JSON.stringify(result.response, null, 2)}</Json>
              </>
            ) : (
              <p>{NO_TEST_YET}</p>
            ))}
          {tab === 'http' &&
            (failure ? (
              <>
                <p>Error. Please see the RESPONSE tab for more information.</p>
                <ErrorBanner>Error loading data. Please try again.</ErrorBanner>
              </>
            ) : result?.http ? (
              <Json aria-label="HTTP log">{JSON.stringify(result.http, null, 2)}</Json>
            ) : result && !result.ok ? (
              <p>Error. Please see the RESPONSE tab for more information.</p>
            ) : (
              <p>{NO_LOGS}</p>
            ))}
        </TabsContent>
      </Tabs>
      <h3 style={{ marginTop: 16 }}>Test Setup</h3>
      {credentials.length > 0 && (
        <SelectField
          label="Connected account"
          value={credential}
          onChange={(e) => setCredential(e.target.value)}
          options={[
            { value: '', label: 'Use the values below' },
            ...credentials.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      )}
      {!credential && (
        <SecretValueFields
          lead="Test value"
          fields={fields.filter((f) => f.key.trim() !== '')}
          values={values}
          onChange={setValues}
        />
      )}
      <Row>
        {isOAuth && (
          <Button variant="ghost" onClick={connect}>
            Connect account
          </Button>
        )}
        <Button onClick={test} disabled={isTesting || store.isSaving}>
          {isTesting ? <Spinner label="Testing" size={16} /> : null}
          Test Authentication
        </Button>
      </Row>
    </Card>
  );
});
