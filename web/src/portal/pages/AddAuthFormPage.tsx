/**
 * The app-auth registration form at /addAuthForm (onboarding 2 "App registration page", 3 "App
 * auth info"): titled 'API Info'; appSlug (required, lower-case identifier), appName (defaults
 * to appSlug) and apiType (required); OAuth 2.0 also asks for token_url, client_id,
 * client_secret, auth_url and scopes. Submit registers the app through POST /api/apps.
 *
 * `/addAuthForm?app={slug}` (from /editApps) edits the auth info of one of the caller's apps:
 * the form is filled from the app, the slug is fixed, and Submit replaces only the app's name
 * and auth info (actions and triggers are kept). A stored client secret is never shown; left
 * empty, it is kept.
 */
import {
  APP_SLUG_PATTERN,
  type ApiType,
  type AppDefinition,
  type AuthInfo,
  defaultAuthInfo,
  isApiError,
  STATUS_PROBLEM_CODES,
} from '@junction/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, PageHeader, Spinner, TextField } from '../../ui/index.js';
import { PageShell } from '../../ui/PageShell.js';
import { usePortal } from '../PortalLayout.js';
import { ErrorBanner, KeyHint, SelectField } from '../parts.js';
import { describeError } from '../portal-store.js';

/** What the server answers in place of a stored client secret (server SECRET_SENTINEL). */
export const STORED_SECRET = '__junction_secret_unchanged__';

/** The auth types the form registers (onboarding 9: basic, oauth2, apikey). */
export type FormApiType = Exclude<ApiType, 'customCode'>;

/** What the form holds. */
export interface AuthFormValues {
  appSlug: string;
  appName: string;
  apiType: '' | FormApiType;
  token_url: string;
  client_id: string;
  client_secret: string;
  auth_url: string;
  scopes: string;
}

/** An empty form. */
export const EMPTY_AUTH_FORM: AuthFormValues = {
  appSlug: '',
  appName: '',
  apiType: '',
  token_url: '',
  client_id: '',
  client_secret: '',
  auth_url: '',
  scopes: '',
};

/** Field errors of the registration form (onboarding 5: appSlug and apiType are required). */
export function checkAuthForm(values: AuthFormValues): Partial<Record<keyof AuthFormValues, string>> {
  const errors: Partial<Record<keyof AuthFormValues, string>> = {};
  if (values.appSlug.trim() === '') errors.appSlug = 'App ID is required.';
  else if (!APP_SLUG_PATTERN.test(values.appSlug)) {
    // The server's shape (core apps/slug): no leading, trailing or doubled separator.
    errors.appSlug =
      'Use a lower-case identifier: lower-case letters and numbers, with single hyphens or underscores between them.';
  }
  if (values.apiType === '') errors.apiType = 'Authentication type is required.';
  return errors;
}

/** The auth info the form describes, on top of `previous` when the scheme stays the same. */
export function authInfoFromForm(
  values: AuthFormValues,
  editorUrl: string,
  previous?: AuthInfo,
  hasStoredSecret = false,
): AuthInfo {
  const apiType = values.apiType as FormApiType;
  const authInfo: AuthInfo =
    previous && previous.apiType === apiType
      ? structuredClone(previous)
      : defaultAuthInfo(apiType, { editorUrl, appSlug: values.appSlug });
  if (apiType === 'oauth2') {
    // Empty while a secret is stored: send the sentinel back, which keeps it.
    const secret = values.client_secret === '' && hasStoredSecret ? STORED_SECRET : values.client_secret;
    Object.assign(authInfo, {
      token_url: values.token_url.trim(),
      auth_url: values.auth_url.trim(),
      scopes: values.scopes.trim(),
      clientInfo: { client_id: values.client_id.trim(), client_secret: secret },
    });
  }
  return authInfo;
}

/** The app definition the form registers. */
export function definitionFromAuthForm(values: AuthFormValues, editorUrl: string): AppDefinition {
  return {
    appSlug: values.appSlug,
    appName: values.appName.trim() || values.appSlug,
    completionStatus: 'In Progress',
    actions: {},
    triggers: {},
    authInfo: authInfoFromForm(values, editorUrl),
  };
}

/** The form filled from a stored app; `customCode` (not offered here) leaves apiType empty. */
export function formFromApp(app: AppDefinition): AuthFormValues {
  const info = app.authInfo ?? {};
  const apiType = info.apiType && info.apiType !== 'customCode' ? info.apiType : '';
  const secret = info.clientInfo?.client_secret ?? '';
  return {
    appSlug: app.appSlug,
    appName: app.appName,
    apiType,
    token_url: info.token_url ?? '',
    client_id: info.clientInfo?.client_id ?? '',
    client_secret: secret === STORED_SECRET ? '' : secret,
    auth_url: info.auth_url ?? '',
    scopes: info.scopes ?? '',
  };
}

/** /addAuthForm, and /addAuthForm?app={slug} to edit one app's auth info. */
export function AddAuthFormPage() {
  const store = usePortal();
  const [params] = useSearchParams();
  const editSlug = params.get('app');
  const [hasSession, setSession] = useState<boolean | null>(null);
  const [values, setValues] = useState<AuthFormValues>(EMPTY_AUTH_FORM);
  const [stored, setStored] = useState<AppDefinition | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ slug: string; isUpdate: boolean } | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    void store.startSession().then(setSession);
  }, [store]);
  useEffect(() => {
    if (!editSlug || !hasSession) return;
    let isCurrent = true;
    setLoadError(null);
    store.readApp(editSlug).then(
      (definition) => {
        if (!isCurrent) return;
        setStored(definition);
        setValues(formFromApp(definition));
      },
      (e: unknown) => {
        if (isCurrent) setLoadError(describeError(e, 'The app could not be loaded.').message);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [store, editSlug, hasSession]);

  const isEditing = editSlug !== null;
  const hasStoredSecret = stored?.authInfo?.clientInfo?.client_secret === STORED_SECRET;
  const errors = checkAuthForm(values);
  const set = (patch: Partial<AuthFormValues>) => setValues({ ...values, ...patch });
  const submit = async () => {
    setTouched(true);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      if (isEditing && stored) {
        const next: AppDefinition = {
          ...stored,
          appName: values.appName.trim() || stored.appSlug,
          authInfo: authInfoFromForm(values, window.location.origin, stored.authInfo, hasStoredSecret),
        };
        setStored(await store.replaceApp(stored.appSlug, next));
        setSaved({ slug: stored.appSlug, isUpdate: true });
      } else {
        await store.registerApp(definitionFromAuthForm(values, window.location.origin));
        setSaved({ slug: values.appSlug, isUpdate: false });
      }
    } catch (e) {
      if (isApiError(e) && e.code === STATUS_PROBLEM_CODES[409] && e.problem.field === 'appSlug') {
        setError(`${e.message} To change an app you registered, open it from Edit apps.`);
      } else {
        setError(describeError(e, 'The app could not be saved.').message);
      }
    } finally {
      setSaving(false);
    }
  };
  const isCustomCode = stored?.authInfo?.apiType === 'customCode';
  return (
    <PageShell>
      <PageHeader
        title="API Info"
        breadcrumbs={[
          { label: 'Developer portal', to: '/develop/' },
          { label: 'Edit apps', to: '/editApps' },
        ]}
        description="Register how an app signs its users in. Each field names the key it is stored under."
      />
      {hasSession === false && <ErrorBanner>Sign in to register an app.</ErrorBanner>}
      {loadError && <ErrorBanner>{loadError}</ErrorBanner>}
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {isCustomCode && (
        <p role="note">
          This app authenticates with custom code; choose another apiType here to replace it, or edit the code in the
          developer portal.
        </p>
      )}
      {saved ? (
        <div role="status">
          <p>
            {saved.isUpdate ? 'Saved the auth info of' : 'Registered'} '{saved.slug}'. Continue in the{' '}
            <Link to={`/develop/${saved.slug}`}>developer portal</Link> or go back to{' '}
            <Link to="/editApps">Edit apps</Link>.
          </p>
          {saved.isUpdate && (
            <Button variant="ghost" onClick={() => setSaved(null)}>
              Edit again
            </Button>
          )}
        </div>
      ) : isEditing && !stored && !loadError ? (
        hasSession === false ? null : (
          <Spinner label="Loading the app" />
        )
      ) : isEditing && !stored ? null : (
        <Card style={{ maxWidth: 560 }}>
          <form
            aria-label="API Info"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <TextField
              label="App ID *"
              value={values.appSlug}
              readOnly={isEditing}
              hint={
                isEditing ? (
                  <KeyHint name="appSlug">An app's ID cannot change.</KeyHint>
                ) : (
                  <KeyHint name="appSlug">Lower-case letters, numbers, hyphens and underscores.</KeyHint>
                )
              }
              error={touched ? errors.appSlug : undefined}
              onChange={(e) => set({ appSlug: e.target.value })}
            />
            <TextField
              label="App name"
              hint={<KeyHint name="appName">Defaults to the app ID.</KeyHint>}
              value={values.appName}
              onChange={(e) => set({ appName: e.target.value })}
            />
            <SelectField
              label="Authentication type *"
              hint={<KeyHint name="apiType" />}
              value={values.apiType}
              error={touched ? errors.apiType : undefined}
              onChange={(e) => set({ apiType: e.target.value as AuthFormValues['apiType'] })}
              options={[
                { value: '', label: 'Choose' },
                { value: 'basic', label: 'Username and password (basic)' },
                { value: 'oauth2', label: 'OAuth 2.0 (oauth2)' },
                { value: 'apikey', label: 'API key (apikey)' },
              ]}
            />
            {values.apiType === 'oauth2' && (
              <>
                <TextField
                  label="Token URL"
                  hint={<KeyHint name="token_url">Where the sign-in code is exchanged for an access token.</KeyHint>}
                  value={values.token_url}
                  onChange={(e) => set({ token_url: e.target.value })}
                />
                <TextField
                  label="Client ID"
                  hint={<KeyHint name="client_id" />}
                  value={values.client_id}
                  onChange={(e) => set({ client_id: e.target.value })}
                />
                <TextField
                  label="Client secret"
                  type="password"
                  autoComplete="off"
                  hint={
                    <KeyHint name="client_secret">
                      {hasStoredSecret ? 'A secret is stored. Leave this empty to keep it.' : undefined}
                    </KeyHint>
                  }
                  value={values.client_secret}
                  onChange={(e) => set({ client_secret: e.target.value })}
                />
                <TextField
                  label="Authorization URL"
                  hint={<KeyHint name="auth_url">Where the user signs in and grants access.</KeyHint>}
                  value={values.auth_url}
                  onChange={(e) => set({ auth_url: e.target.value })}
                />
                <TextField
                  label="Scopes"
                  hint={<KeyHint name="scopes">The permissions asked for, separated by commas.</KeyHint>}
                  value={values.scopes}
                  onChange={(e) => set({ scopes: e.target.value })}
                />
              </>
            )}
            <Button type="submit" disabled={isSaving || hasSession === false}>
              {isSaving ? <Spinner label="Saving" size={16} /> : null}
              Submit
            </Button>
          </form>
        </Card>
      )}
    </PageShell>
  );
}
