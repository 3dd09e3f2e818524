/**
 * The app-auth registration form at /addAuthForm (onboarding 2 "App registration page", 3 "App
 * auth info"): titled 'API Info'; appSlug (required, lower-case identifier), appName (defaults
 * to appSlug) and apiType (required); OAuth 2.0 also asks for token_url, client_id,
 * client_secret, auth_url and scopes. Submit registers the app through POST /api/apps.
 */
import { type ApiType, type AppDefinition, defaultAuthInfo } from '@junction/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageShell } from '../../pages/PageShell.js';
import { useApi } from '../../stores/root-store.js';
import { browserSessionPlatform, establishSession } from '../../stores/session.js';
import { Button, PageTitle, Spinner, TextField } from '../../ui/index.js';
import { ErrorBanner, SelectField } from '../parts.js';
import { describeError } from '../portal-store.js';

const SLUG_RULE = /^[a-z0-9][a-z0-9_-]*$/;

/** What the form holds. */
export interface AuthFormValues {
  appSlug: string;
  appName: string;
  apiType: '' | Exclude<ApiType, 'customCode'>;
  token_url: string;
  client_id: string;
  client_secret: string;
  auth_url: string;
  scopes: string;
}

/** Field errors of the registration form (onboarding 5: appSlug and apiType are required). */
export function checkAuthForm(values: AuthFormValues): Partial<Record<keyof AuthFormValues, string>> {
  const errors: Partial<Record<keyof AuthFormValues, string>> = {};
  if (values.appSlug.trim() === '') errors.appSlug = 'appSlug is required.';
  else if (!SLUG_RULE.test(values.appSlug)) {
    errors.appSlug = 'Use a lower-case identifier: lower-case letters, numbers, hyphens, and underscores.';
  }
  if (values.apiType === '') errors.apiType = 'apiType is required.';
  return errors;
}

/** The app definition the form registers. */
export function definitionFromAuthForm(values: AuthFormValues, editorUrl: string): AppDefinition {
  const apiType = values.apiType as Exclude<ApiType, 'customCode'>;
  const authInfo = defaultAuthInfo(apiType, { editorUrl, appSlug: values.appSlug });
  if (apiType === 'oauth2') {
    Object.assign(authInfo, {
      token_url: values.token_url.trim(),
      auth_url: values.auth_url.trim(),
      scopes: values.scopes.trim(),
      clientInfo: { client_id: values.client_id.trim(), client_secret: values.client_secret },
    });
  }
  return {
    appSlug: values.appSlug,
    appName: values.appName.trim() || values.appSlug,
    completionStatus: 'In Progress',
    actions: {},
    triggers: {},
    authInfo,
  };
}

/** /addAuthForm. */
export function AddAuthFormPage() {
  const api = useApi();
  const [hasSession, setSession] = useState<boolean | null>(null);
  const [values, setValues] = useState<AuthFormValues>({
    appSlug: '',
    appName: '',
    apiType: '',
    token_url: '',
    client_id: '',
    client_secret: '',
    auth_url: '',
    scopes: '',
  });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    establishSession(api, browserSessionPlatform()).then(
      (token) => setSession(Boolean(token)),
      () => setSession(false),
    );
  }, [api]);
  const errors = checkAuthForm(values);
  const set = (patch: Partial<AuthFormValues>) => setValues({ ...values, ...patch });
  const submit = async () => {
    setTouched(true);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await api.post('/api/apps', { body: definitionFromAuthForm(values, window.location.origin) as never });
      setSaved(values.appSlug);
    } catch (e) {
      setError(describeError(e, 'The app could not be registered (network error).').message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <PageShell>
      <PageTitle>API Info</PageTitle>
      {hasSession === false && <ErrorBanner>Sign in to register an app.</ErrorBanner>}
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {saved ? (
        <p role="status">
          Registered. Continue in the <Link to={`/develop/${saved}`}>developer portal</Link>.
        </p>
      ) : (
        <form
          style={{ maxWidth: 520 }}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="appSlug *"
            value={values.appSlug}
            error={touched ? errors.appSlug : undefined}
            onChange={(e) => set({ appSlug: e.target.value })}
          />
          <TextField
            label="appName"
            hint="Defaults to the appSlug."
            value={values.appName}
            onChange={(e) => set({ appName: e.target.value })}
          />
          <SelectField
            label="apiType *"
            value={values.apiType}
            error={touched ? errors.apiType : undefined}
            onChange={(e) => set({ apiType: e.target.value as AuthFormValues['apiType'] })}
            options={[
              { value: '', label: 'Choose' },
              { value: 'basic', label: 'basic' },
              { value: 'oauth2', label: 'oauth2' },
              { value: 'apikey', label: 'apikey' },
            ]}
          />
          {values.apiType === 'oauth2' && (
            <>
              <TextField
                label="token_url"
                value={values.token_url}
                onChange={(e) => set({ token_url: e.target.value })}
              />
              <TextField
                label="client_id"
                value={values.client_id}
                onChange={(e) => set({ client_id: e.target.value })}
              />
              <TextField
                label="client_secret"
                type="password"
                autoComplete="off"
                value={values.client_secret}
                onChange={(e) => set({ client_secret: e.target.value })}
              />
              <TextField label="auth_url" value={values.auth_url} onChange={(e) => set({ auth_url: e.target.value })} />
              <TextField label="scopes" value={values.scopes} onChange={(e) => set({ scopes: e.target.value })} />
            </>
          )}
          <Button type="submit" disabled={isSaving || hasSession === false}>
            {isSaving ? <Spinner label="Saving" size={16} /> : null}
            Submit
          </Button>
        </form>
      )}
    </PageShell>
  );
}
