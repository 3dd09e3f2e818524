/**
 * What another workspace may read of a published portal app (forms-dp 2.4, 3): its declared
 * surface — name, logo, catalogue place, auth type and the fields a user fills to connect,
 * triggers and actions with their titles, descriptions and input fields — never how it works:
 * request URLs, headers, bodies and parameters, custom code, the OAuth client and endpoints,
 * the author's auth test answer, documentation or data endpoint, or the fixed values of
 * hidden and header fields. Runs resolve the full definition on the server, so nothing a
 * reader's editor needs is lost.
 */
import type { ActionDef, AppDefinition, AuthInfo, FieldDef, TriggerDef } from './types.js';

/**
 * Projects an app definition to the surface another workspace sees; the owner's own reads
 * never go through it.
 *
 * @example
 * publicSurfaceOf(app).actions.create.url // ''
 */
export function publicSurfaceOf(app: AppDefinition): AppDefinition {
  return definedOnly({
    appSlug: app.appSlug,
    appName: app.appName,
    category: app.category,
    group: app.group,
    iconURL: app.iconURL,
    completionStatus: app.completionStatus,
    apiDateTimeFormat: app.apiDateTimeFormat,
    disableAuth: app.disableAuth,
    actions: mapValues(app.actions ?? {}, publicAction),
    triggers: mapValues(app.triggers ?? {}, publicTrigger),
    authInfo: publicAuthInfo(app.authInfo ?? {}),
  }) as AppDefinition;
}

function publicAction(action: ActionDef): ActionDef {
  return definedOnly({
    title: action.title,
    description: action.description,
    hidden: action.hidden,
    method: action.method,
    // The address is the author's (it may carry keys or internal hosts): runs read it on the server.
    url: '',
    fields: (action.fields ?? []).map(publicField),
    dynamicForm: action.dynamicForm,
    customForm: action.customForm?.custom === undefined ? undefined : { custom: action.customForm.custom },
  }) as ActionDef;
}

function publicTrigger(trigger: TriggerDef): TriggerDef {
  return definedOnly({
    label: trigger.label,
    description: trigger.description,
    hidden: trigger.hidden,
    type: trigger.type,
    action: trigger.action,
    fields: trigger.fields?.map(publicField),
    pollingParams: trigger.pollingParams,
    performList: trigger.performList,
    unsubscribe: trigger.unsubscribe,
    webhookKey: trigger.webhookKey,
    webhookHandshake: trigger.webhookHandshake,
    webhookFilter: trigger.webhookFilter,
  }) as TriggerDef;
}

/** A field without the value the author fixed for it when a reader never sees or edits it. */
function publicField(field: FieldDef): FieldDef {
  const keepsValue = !field.hidden && field.in !== 'header';
  return definedOnly({
    name: field.name,
    title: field.title,
    description: field.description,
    hidden: field.hidden,
    in: field.in,
    required: field.required,
    value: keepsValue ? field.value : undefined,
    schema: field.schema,
  }) as FieldDef;
}

/** The auth type and the fields a user fills to connect an account; nothing of how it is checked. */
function publicAuthInfo(info: AuthInfo): AuthInfo {
  return definedOnly({
    apiType: info.apiType,
    testAuth: info.testAuth,
    basicFormFields: info.basicFormFields,
    apikeyFormFields: info.apikeyFormFields,
    oauthFormFields: info.oauthFormFields,
    customCodeFormFields: info.customCodeFormFields,
  }) as AuthInfo;
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) out[key] = map(value);
  return out;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
