/**
 * mobx-state-tree models of an app definition, for the developer portal to edit
 * (forms-and-developer-portal 2.3–2.10, 3, 4). Snapshots have exactly the plain shapes of
 * `types.ts`; the rules are the pure functions of `rules.ts` and `catalog.ts`, called from
 * views. The models are named `…Model` because `types.ts` already names the plain shapes.
 */
import {
  detach,
  getSnapshot,
  type IAnyType,
  type IMSTMap,
  type Instance,
  type SnapshotIn,
  types,
} from 'mobx-state-tree';
import { type EventOptionGroup, eventsByGroup, needsAuth } from './catalog.js';
import {
  API_TYPES,
  type AppValidation,
  defaultAuthInfo,
  FIELD_LOCATIONS,
  FIELD_TYPES,
  findTestAction,
  HTTP_METHODS,
  isValidKey,
  KEY_RULE_MESSAGE,
  validateAppDefinition,
  WEBHOOK_HANDSHAKES,
} from './rules.js';
import type {
  ActionDef,
  ApiType,
  AppDefinition,
  AuthFormField,
  AuthInfo,
  FieldProperty,
  FieldSchema,
  PollingParams,
  RequestConfig,
  TriggerDef,
  WebhookFilter,
} from './types.js';

/** A field schema (forms-dp 3); nested item and property schemas are plain frozen data. */
export const FieldSchemaModel = types.model('FieldSchema', {
  type: types.maybe(types.enumeration('FieldType', [...FIELD_TYPES])),
  enum: types.maybe(types.array(types.string)),
  enumNames: types.maybe(types.array(types.string)),
  items: types.maybe(types.frozen<FieldSchema>()),
  properties: types.maybe(types.frozen<FieldProperty[]>()),
  dynamic: types.maybe(types.string),
  params: types.maybe(types.array(types.string)),
  perform: types.maybe(types.string),
});

/** One input field of an action or trigger (forms-dp 3 "Action field"). */
export const FieldModel = types.model('Field', {
  name: types.string,
  title: types.maybe(types.string),
  description: types.maybe(types.string),
  hidden: types.maybe(types.boolean),
  in: types.maybe(types.enumeration('FieldLocation', [...FIELD_LOCATIONS])),
  required: types.maybe(types.boolean),
  value: types.frozen<unknown>(),
  schema: types.maybe(FieldSchemaModel),
});

const KeyValueModel = types.model('KeyValue', { key: types.string, value: types.string });

/** An action of an app (forms-dp 3 "Action"). */
export const ActionModel = types.model('Action', {
  title: types.string,
  description: types.maybe(types.string),
  hidden: types.maybe(types.boolean),
  method: types.enumeration('HttpMethod', [...HTTP_METHODS]),
  url: types.string,
  fields: types.array(FieldModel),
  dynamicForm: types.maybe(types.string),
  customForm: types.maybe(types.frozen<{ apiCode?: string; custom?: boolean }>()),
  headers: types.maybe(types.array(KeyValueModel)),
  body: types.maybe(types.array(KeyValueModel)),
  url_params: types.maybe(types.array(KeyValueModel)),
});

/** A trigger of an app (forms-dp 3 "Trigger"). */
export const TriggerModel = types.model('Trigger', {
  label: types.string,
  description: types.maybe(types.string),
  hidden: types.maybe(types.boolean),
  type: types.enumeration('TriggerType', ['polling', 'webhook']),
  action: types.maybe(types.string),
  fields: types.maybe(types.array(FieldModel)),
  pollingParams: types.maybe(types.frozen<PollingParams | Record<string, never>>()),
  performList: types.maybe(types.string),
  unsubscribe: types.maybe(types.string),
  webhookKey: types.maybe(types.string),
  webhookHandshake: types.maybe(types.enumeration('WebhookHandshake', [...WEBHOOK_HANDSHAKES])),
  webhookFilter: types.maybe(types.frozen<WebhookFilter>()),
});

const FormFields = types.maybe(types.frozen<AuthFormField[]>());
const Config = types.maybe(types.frozen<RequestConfig>());

/** Authentication info of an app (forms-dp 3 "authInfo"); empty when the app has no auth. */
export const AuthInfoModel = types.model('AuthInfo', {
  apiType: types.maybe(types.enumeration('ApiType', [...API_TYPES])),
  testAuth: types.maybe(types.string),
  testResponse: types.frozen<unknown>(),
  testResponseStatus: types.maybe(types.boolean),
  basicFormFields: FormFields,
  apikeyFormFields: FormFields,
  oauthFormFields: FormFields,
  customCodeFormFields: FormFields,
  requestConfig: Config,
  clientInfo: types.maybe(types.frozen<{ client_id?: string; client_secret?: string }>()),
  authRequestConfig: Config,
  accessRequestConfig: Config,
  refreshRequestConfig: Config,
  customCodeInfo: types.maybe(types.frozen<{ customCode?: string }>()),
  token_url: types.maybe(types.string),
  auth_url: types.maybe(types.string),
  scopes: types.maybe(types.string),
  redirect_uri: types.maybe(types.string),
  state: types.maybe(types.string),
  response_type: types.maybe(types.string),
  grant_types: types.maybe(types.array(types.string)),
});

/** What a key edit returns: it applies, or it does not and says why (never throws). */
export type KeyEditResult = { ok: true } | { ok: false; message: string };

/**
 * A whole app definition being edited in the developer portal (forms-dp 3 "App").
 *
 * @example
 * const app = AppModel.create(definition);
 * app.renameActionKey('listContacts', 'list_contacts'); // triggers and testAuth follow
 * save(app.toDefinition());
 */
export const AppModel = types
  .model('App', {
    appSlug: types.string,
    appName: types.string,
    category: types.maybe(types.string),
    group: types.maybe(types.string),
    source: types.maybe(types.string),
    lambdaURL: types.maybe(types.string),
    iconURL: types.maybe(types.string),
    // forms-dp 3: new apps start In Progress.
    completionStatus: types.optional(types.enumeration('CompletionStatus', ['Complete', 'In Progress']), 'In Progress'),
    apiDocs: types.maybe(types.string),
    apiDateTimeFormat: types.maybe(types.string),
    disableAuth: types.maybe(types.boolean),
    actions: types.map(ActionModel),
    triggers: types.map(TriggerModel),
    authInfo: types.optional(AuthInfoModel, {}),
  })
  .views((self) => ({
    /** The plain definition, without unset properties: what the portal saves. */
    toDefinition(): AppDefinition {
      return JSON.parse(JSON.stringify(getSnapshot(self))) as AppDefinition;
    },
  }))
  .views((self) => ({
    /** Actions shown in the editor (not hidden), in map order. */
    get visibleActions(): { key: string; action: IAction }[] {
      return [...self.actions.entries()].filter(([, a]) => !a.hidden).map(([key, action]) => ({ key, action }));
    },
    /** Triggers shown in the editor (not hidden), in map order. */
    get visibleTriggers(): { key: string; trigger: ITrigger }[] {
      return [...self.triggers.entries()].filter(([, t]) => !t.hidden).map(([key, trigger]) => ({ key, trigger }));
    },
    /** Shown actions grouped CREATE / SEARCH / UPDATE (editor-core 2.8). */
    get eventGroups(): EventOptionGroup[] {
      return eventsByGroup({ actions: getSnapshot(self.actions) as Record<string, ActionDef> });
    },
    /** Whether connecting this app needs an account. */
    get needsAuth(): boolean {
      return needsAuth(self);
    },
    /** The action that tests a connection, or null (forms-dp 5, 8). */
    get testActionKey(): string | null {
      return findTestAction(self.toDefinition())?.key ?? null;
    },
    /** Every problem of the definition, as the server will check it. */
    get validation(): AppValidation {
      return validateAppDefinition(self.toDefinition());
    },
  }))
  .actions((self) => {
    // forms-dp 4: a key change removes the old entry and stores the item under the new key.
    // The node is detached and re-attached, so views holding it stay valid.
    function renameIn<IT extends IAnyType>(
      map: IMSTMap<IT>,
      kind: string,
      oldKey: string,
      newKey: string,
    ): KeyEditResult {
      if (oldKey === newKey) return { ok: true };
      const item = map.get(oldKey);
      if (!item) return { ok: false, message: `No ${kind} has the key '${oldKey}'.` };
      if (!isValidKey(newKey)) return { ok: false, message: KEY_RULE_MESSAGE };
      if (map.has(newKey)) return { ok: false, message: `The key '${newKey}' is already used by another ${kind}.` };
      map.set(newKey, detach(item));
      return { ok: true };
    }

    return {
      /** Adds or replaces an action; a key breaking the key rule is refused. */
      setAction(key: string, action: ActionDef | SnapshotIn<typeof ActionModel>): KeyEditResult {
        if (!isValidKey(key)) return { ok: false, message: KEY_RULE_MESSAGE };
        self.actions.set(key, action);
        return { ok: true };
      },
      /**
       * Moves an action to a new key; triggers and testAuth naming the old key follow it.
       * The renamed action moves to the end of the map.
       */
      renameActionKey(oldKey: string, newKey: string): KeyEditResult {
        const result = renameIn(self.actions, 'action', oldKey, newKey);
        if (!result.ok || oldKey === newKey) return result;
        for (const trigger of self.triggers.values()) {
          if (trigger.action === oldKey) trigger.action = newKey;
          if (trigger.performList === oldKey) trigger.performList = newKey;
          if (trigger.unsubscribe === oldKey) trigger.unsubscribe = newKey;
        }
        if (self.authInfo.testAuth === oldKey) self.authInfo.testAuth = newKey;
        return result;
      },
      /** Removes an action (saved on the next save, forms-dp 4); false when there was none. */
      removeAction(key: string): boolean {
        return self.actions.delete(key);
      },
      /** Adds or replaces a trigger; a key breaking the key rule is refused. */
      setTrigger(key: string, trigger: TriggerDef | SnapshotIn<typeof TriggerModel>): KeyEditResult {
        if (!isValidKey(key)) return { ok: false, message: KEY_RULE_MESSAGE };
        self.triggers.set(key, trigger);
        return { ok: true };
      },
      /** Moves a trigger to a new key (forms-dp 4). */
      renameTriggerKey(oldKey: string, newKey: string): KeyEditResult {
        return renameIn(self.triggers, 'trigger', oldKey, newKey);
      },
      /** Removes a trigger; false when there was none. */
      removeTrigger(key: string): boolean {
        return self.triggers.delete(key);
      },
      /** Replaces the whole authInfo. */
      setAuthInfo(authInfo: AuthInfo | SnapshotIn<typeof AuthInfoModel>) {
        self.authInfo = AuthInfoModel.create(authInfo);
      },
      /** Chooses a scheme and seeds its defaults (forms-dp 2.6). */
      chooseAuthScheme(apiType: ApiType, editorUrl: string) {
        self.authInfo = AuthInfoModel.create(defaultAuthInfo(apiType, { editorUrl, appSlug: self.appSlug }));
      },
      /** Empties authInfo: the Authentication page's Delete (forms-dp 2.6). */
      clearAuth() {
        self.authInfo = AuthInfoModel.create({});
      },
      /** Records the outcome of an auth test on the app (forms-dp 4 "Auth test"). */
      setTestResult(response: unknown, isSuccess: boolean) {
        self.authInfo.testResponse = response;
        self.authInfo.testResponseStatus = isSuccess;
      },
      /** Sets Complete / In Progress (forms-dp 2.3). */
      setCompletionStatus(status: 'Complete' | 'In Progress') {
        self.completionStatus = status;
      },
      /** Sets the API Docs text (forms-dp 2.3). */
      setApiDocs(apiDocs: string) {
        self.apiDocs = apiDocs;
      },
      /** Sets the API DateTime Format pattern (forms-dp 2.3, 9). */
      setApiDateTimeFormat(pattern: string) {
        self.apiDateTimeFormat = pattern;
      },
    };
  });

/** An app being edited. */
export interface IApp extends Instance<typeof AppModel> {}
/** An action node of an app. */
export interface IAction extends Instance<typeof ActionModel> {}
/** A trigger node of an app. */
export interface ITrigger extends Instance<typeof TriggerModel> {}
/** A field node of an action or trigger. */
export interface IField extends Instance<typeof FieldModel> {}
/** A field schema node. */
export interface IFieldSchema extends Instance<typeof FieldSchemaModel> {}
/** An authInfo node. */
export interface IAuthInfo extends Instance<typeof AuthInfoModel> {}
/** What `AppModel.create` accepts. */
export type AppSnapshotIn = SnapshotIn<typeof AppModel>;
