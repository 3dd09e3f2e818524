/**
 * @junction/api-spec — the TypeScript face of `openapi.yaml`, Junction's one HTTP contract.
 *
 * `paths`, `components` and `operations` are generated into `schema.d.ts` by openapi-typescript
 * (`npm run generate -w @junction/api-spec`); never edit that file by hand. The aliases below
 * name each component schema; the only runtime export is `OPERATION_IDS`.
 *
 * Spec schema names stay inside `core/src/api` and `server/src/http` (STYLE "API"); the rest of
 * the code speaks core's domain types.
 */
import type { components, operations } from './schema.js';

export type { $defs, components, operations, paths, webhooks } from './schema.js';

/** Every component schema of the contract, by name. */
export type Schemas = components['schemas'];

/**
 * One component schema by name.
 *
 * @example
 * type W = Schema<'Workflow'>; // same as the `Workflow` alias
 */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** The operationId of any operation in the contract (`signUp`, `getWorkflow`…). */
export type OperationId = keyof operations;

/**
 * Every operationId of the contract, grouped as in the document. The type check below fails to compile
 * when an operation is added to `openapi.yaml` (and regenerated) without being listed here.
 */
export const OPERATION_IDS = [
  'signUp',
  'sendCode',
  'verifyCode',
  'logIn',
  'logOut',
  'listSessions',
  'endSession',
  'logOutEverywhere',
  'createPopupTicket',
  'getMe',
  'sendSignInLink',
  'exchangeToken',
  'updatePassword',
  'createTenant',
  'getTenant',
  'switchTenant',
  'getInstance',
  'setUpInstance',
  'getInstanceSettings',
  'updateInstanceSettings',
  'listInstanceUsers',
  'setUserDisabled',
  'listInstanceWorkspaces',
  'listInvitations',
  'createInvitation',
  'lookUpInvitation',
  'acceptInvitation',
  'revokeInvitation',
  'resendInvitation',
  'updateTenant',
  'listTenantMembers',
  'updateMember',
  'removeMember',
  'transferOwnership',
  'listAuditEvents',
  'exportAuditEvents',
  'listWorkflows',
  'createWorkflow',
  'getWorkflow',
  'updateWorkflow',
  'deleteWorkflow',
  'listDashboardWorkflows',
  'listCredentials',
  'createCredential',
  'getCredential',
  'updateCredential',
  'deleteCredential',
  'checkCredential',
  'shareWorkflow',
  'getTemplate',
  'acceptTemplate',
  'createStarterWorkflow',
  'testStep',
  'fetchTriggerChoices',
  'setStepSample',
  'setWorkflowActive',
  'getWorkflowActivation',
  'getWorkflowHook',
  'createWorkflowHook',
  'getWorkflowDraft',
  'discardWorkflowDraft',
  'publishWorkflow',
  'listWorkflowVersions',
  'getWorkflowVersion',
  'restoreWorkflowVersion',
  'runWorkflow',
  'listExecutions',
  'getExecution',
  'replayExecution',
  'rerunExecution',
  'cancelExecution',
  'getAlertSettings',
  'updateAlertSettings',
  'setAlertsOff',
  'getWorkflowAlerts',
  'setWorkflowAlerts',
  'sendTestAlert',
  'listWorkspaceExecutions',
  'startBulkRunAction',
  'getBulkRunAction',
  'getRunStats',
  'listApps',
  'createApp',
  'getApp',
  'updateApp',
  'updateWorkspaceAppEvents',
  'getAppIcon',
  'uploadAppIcon',
  'getAppListing',
  'updateAppListing',
  'testAppAuth',
  'testAppAction',
  'loadDropdownOptions',
  'createDemoCrmKey',
  'verifyShopifyInstall',
  'finishShopifyInstall',
  'startOAuth',
  'finishOAuth',
  'listForms',
  'createForm',
  'getForm',
  'updateForm',
  'deleteForm',
  'listFormSubmissions',
  'getFormFile',
  'getPublicForm',
  'submitForm',
  'uploadFormFile',
  'receiveWebhook',
  'checkWebhook',
  'createTicket',
  'listTickets',
  'reportClientError',
  'createCheckout',
  'getCheckoutPage',
  'finishCheckout',
  'getTermsPage',
  'getPrivacyPage',
  'getApiDocs',
  'getOpenApiDocument',
  'getHealth',
  'getHealthLive',
  'getHealthReady',
  'listOutbox',
] as const satisfies readonly OperationId[];

// Compile-time completeness: an operation missing from OPERATION_IDS makes this `false`.
type MissingOperationIds = Exclude<OperationId, (typeof OPERATION_IDS)[number]>;
const isEveryOperationListed: [MissingOperationIds] extends [never] ? true : false = true;
void isEveryOperationListed;

// ---------------------------------------------------------------- shared

/** An `application/problem+json` error body (RFC 9457), the same for every failing route. */
export type Problem = Schemas['Problem'];
/** An opaque id (1–200 characters). */
export type Id = Schemas['Id'];
/** A name as requests carry it (at most 200 characters). */
export type Name = Schemas['Name'];
/** An e-mail address (at most 320 characters). */
export type Email = Schemas['Email'];
/** A password as requests carry it (at most 512 characters; the rules live in core accounts). */
export type Password = Schemas['Password'];
/** An ISO 8601 date-time string. */
export type Timestamp = Schemas['Timestamp'];
/** An app's key, e.g. `demo-crm`. */
export type AppSlug = Schemas['AppSlug'];

// ---------------------------------------------------------------- accounts and tenants

/** A user as the API shows it (server UserView). */
export type User = Schemas['User'];
/** A workspace with its plan (server TenantView). */
export type Tenant = Schemas['Tenant'];
/** A user's role in one workspace. */
export type Membership = Schemas['Membership'];
/** The signed-in user with their workspaces (server MeView). */
export type Me = Schemas['Me'];
/** A new session: token, expiry, user and tenant. */
export type SessionGrant = Schemas['SessionGrant'];
/** A new session plus the draft workflow created at sign-up. */
export type SignUpGrant = Schemas['SignUpGrant'];
/** Body of `signUp`. */
export type SignUpInput = Schemas['SignUpInput'];
/** Body of `verifyCode`. */
export type VerifyCodeInput = Schemas['VerifyCodeInput'];
/** Body of `logIn`. */
export type LogInInput = Schemas['LogInInput'];
/** Body of `sendSignInLink`. */
export type SignInLinkInput = Schemas['SignInLinkInput'];
/** Body of `exchangeToken`. */
export type ExchangeTokenInput = Schemas['ExchangeTokenInput'];
/** Body of `createTenant`. */
export type CreateTenantInput = Schemas['CreateTenantInput'];

// ---------------------------------------------------------------- workflows

/** A workflow in lists (server WorkflowSummary). */
export type WorkflowSummary = Schemas['WorkflowSummary'];
/** Answer of `listWorkflows`. */
export type WorkflowList = Schemas['WorkflowList'];
/** A stored workflow with its document and revision (server WorkflowView). */
export type Workflow = Schemas['Workflow'];
/** Body of `createWorkflow`. */
export type CreateWorkflowInput = Schemas['CreateWorkflowInput'];
/** Body of `updateWorkflow`. */
export type UpdateWorkflowInput = Schemas['UpdateWorkflowInput'];
/** The versioned workflow document as the wire carries it (core WorkflowDocument). */
export type WorkflowDocument = Schemas['WorkflowDocument'];
/** What a step is on the canvas. */
export type StepKind = Schemas['StepKind'];
/** A step on the canvas (core Step). */
export type Step = Schemas['Step'];
/** The data of one step (core StepData). */
export type StepData = Schemas['StepData'];
/** The ten filter condition types. */
export type ConditionType = Schemas['ConditionType'];
/** One filter row (core Condition). */
export type Condition = Schemas['Condition'];
/** A list of conditions (core ConditionGroup). */
export type ConditionGroup = Schemas['ConditionGroup'];
/** A link between two steps with its filter and delay (core Link). */
export type Link = Schemas['Link'];
/** The value types a field schema may declare. */
export type FieldType = Schemas['FieldType'];
/** Where a field's value goes in the request. */
export type FieldLocation = Schemas['FieldLocation'];
/** One property of an object-typed field schema. */
export type FieldProperty = Schemas['FieldProperty'];
/** The schema of one action or trigger field (core FieldSchema). */
export type FieldSchema = Schemas['FieldSchema'];
/** One input field of an action or trigger (core FieldDef). */
export type FieldDef = Schemas['FieldDef'];
/** Polling parameters of a trigger. */
export type PollingParams = Schemas['PollingParams'];

// ---------------------------------------------------------------- templates, steps, runs

/** Body of `shareWorkflow`. */
export type ShareWorkflowInput = Schemas['ShareWorkflowInput'];
/** Answer of `shareWorkflow`: the template id and its address. */
export type ShareResult = Schemas['ShareResult'];
/** A shared workflow template, without connections, data or logs. */
export type Template = Schemas['Template'];
/** Body of `testStep`. */
export type TestStepInput = Schemas['TestStepInput'];
/** The outcome of a step test. */
export type TestResult = Schemas['TestResult'];
/** Body of `fetchTriggerChoices`. */
export type TriggerChoicesInput = Schemas['TriggerChoicesInput'];
/** Sample items of a trigger, with a Load More cursor. */
export type TriggerChoices = Schemas['TriggerChoices'];
/** Body of `setStepSample`. */
export type StepSampleInput = Schemas['StepSampleInput'];
/** Body of `setWorkflowActive`. */
export type SetActiveInput = Schemas['SetActiveInput'];
/** Answer of `setWorkflowActive`. */
export type Activation = Schemas['Activation'];
/** Answer of `getWorkflowHook` and `createWorkflowHook`. */
export type WorkflowHook = Schemas['WorkflowHook'];
/** OFF, live, or ON with a draft (core lifecycle). */
export type LifecycleState = Schemas['LifecycleState'];
/** Answer of `getWorkflowDraft`: what publishing would do. */
export type DraftImpact = Schemas['DraftImpact'];
/** Body of `publishWorkflow`. */
export type PublishInput = Schemas['PublishInput'];
/** Answer of `publishWorkflow`. */
export type PublishResult = Schemas['PublishResult'];
/** A published version of a workflow. */
export type WorkflowVersion = Schemas['WorkflowVersion'];
/** Answer of `listWorkflowVersions`. */
export type WorkflowVersionList = Schemas['WorkflowVersionList'];
/** Answer of `getWorkflowVersion`. */
export type WorkflowVersionDetail = Schemas['WorkflowVersionDetail'];
/** Body of `runWorkflow`. */
export type RunInput = Schemas['RunInput'];
/** Answer of a queued run, replay or webhook. */
export type ExecutionAccepted = Schemas['ExecutionAccepted'];
/** Where an execution stands. */
export type ExecutionStatus = Schemas['ExecutionStatus'];
/** What started an execution. */
export type ExecutionTrigger = Schemas['ExecutionTrigger'];
/** An execution in lists. */
export type ExecutionSummary = Schemas['ExecutionSummary'];
/** Answer of `listExecutions`. */
export type ExecutionList = Schemas['ExecutionList'];
/** Where one step of an execution stands. */
export type StepRunStatus = Schemas['StepRunStatus'];
/** One step's input and output in an execution. */
export type StepRun = Schemas['StepRun'];
/** One execution with the workflow as it ran. */
export type Execution = Schemas['Execution'];

// ---------------------------------------------------------------- apps

/** An action, trigger or field key: letters, digits, hyphens, underscores. */
export type ItemKey = Schemas['ItemKey'];
/** An app in the catalogue. */
export type AppSummary = Schemas['AppSummary'];
/** Answer of `listApps`. */
export type AppList = Schemas['AppList'];
/** HTTP methods an action may use. */
export type HttpMethod = Schemas['HttpMethod'];
/** A key/value row. */
export type KeyValue = Schemas['KeyValue'];
/** An action of an app (core ActionDef). */
export type ActionDef = Schemas['ActionDef'];
/** A trigger of an app (core TriggerDef). */
export type TriggerDef = Schemas['TriggerDef'];
/** Authentication schemes. */
export type ApiType = Schemas['ApiType'];
/** A form field the user fills when connecting an account. */
export type AuthFormField = Schemas['AuthFormField'];
/** Request configuration as key/value rows. */
export type RequestConfig = Schemas['RequestConfig'];
/** Authentication info of an app (core AuthInfo). */
export type AuthInfo = Schemas['AuthInfo'];
/** A whole app definition (core AppDefinition). */
export type AppDefinition = Schemas['AppDefinition'];
/** Publish status of a listing. */
export type ListingStatus = Schemas['ListingStatus'];
/** An app's marketplace listing. */
export type Listing = Schemas['Listing'];
/** Body of `updateAppListing`. */
export type ListingInput = Schemas['ListingInput'];
/** Body of `testAppAuth`. */
export type TestAuthInput = Schemas['TestAuthInput'];
/** Body of `testAppAction`. */
export type TestActionInput = Schemas['TestActionInput'];
/** The outcome of an auth test. */
export type AuthTestResult = Schemas['AuthTestResult'];
/** Body of `loadDropdownOptions`. */
export type DropdownInput = Schemas['DropdownInput'];
/** One dynamic dropdown option. */
export type DropdownOption = Schemas['DropdownOption'];
/** Answer of `loadDropdownOptions`. */
export type DropdownOptions = Schemas['DropdownOptions'];

// ---------------------------------------------------------------- credentials

/** Field values of an account; secrets come back as the sentinel. */
export type CredentialValues = Schemas['CredentialValues'];
/** A connected account (server CredentialView). */
export type Credential = Schemas['Credential'];
/** Answer of `listCredentials`. */
export type CredentialList = Schemas['CredentialList'];
/** Body of `createCredential`. */
export type CreateCredentialInput = Schemas['CreateCredentialInput'];
/** Body of `updateCredential`. */
export type UpdateCredentialInput = Schemas['UpdateCredentialInput'];
/** Answer of `checkCredential`. */
export type CredentialCheck = Schemas['CredentialCheck'];

// ---------------------------------------------------------------- forms

/** The kinds of form questions. */
export type QuestionType = Schemas['QuestionType'];
/** One question card of a form (core Question). */
export type Question = Schemas['Question'];
/** The questions of one section. */
export type QuestionList = Schemas['QuestionList'];
/** A further section of a form (core FormSection). */
export type FormSection = Schemas['FormSection'];
/** Font and size of one kind of form text (core TextStyle, size may be '14px'). */
export type FormTextStyle = Schemas['FormTextStyle'];
/** The look and texts of a form (core FormDefinition, parts optional). */
export type FormDefinition = Schemas['FormDefinition'];
/** A stored form: definition, questions, sections and two flags (core FormTuple). */
export type FormTuple = Schemas['FormTuple'];
/** A form as its owner sees it. */
export type Form = Schemas['Form'];
/** Answer of `listForms`. */
export type FormList = Schemas['FormList'];
/** Body of `createForm`. */
export type CreateFormInput = Schemas['CreateFormInput'];
/** Body of `updateForm`. */
export type UpdateFormInput = Schemas['UpdateFormInput'];
/** A form as anonymous visitors see it. */
export type PublicForm = Schemas['PublicForm'];
/** Body of `submitForm`. */
export type FormSubmissionInput = Schemas['FormSubmissionInput'];
/** Answer of `submitForm`. */
export type FormSubmissionAccepted = Schemas['FormSubmissionAccepted'];
/** Answer of `uploadFormFile`. */
export type UploadResult = Schemas['UploadResult'];

// ---------------------------------------------------------------- support, billing, system

/** Body of `createTicket`. */
export type CreateTicketInput = Schemas['CreateTicketInput'];
/** Answer of `createTicket`. */
export type Ticket = Schemas['Ticket'];
/** Body of `reportClientError`. */
export type ErrorReportInput = Schemas['ErrorReportInput'];
/** Body of `createCheckout`. */
export type CheckoutInput = Schemas['CheckoutInput'];
/** Answer of `createCheckout`: where to send the browser. */
export type CheckoutSession = Schemas['CheckoutSession'];
/** Answer of `getHealth`. */
export type Health = Schemas['Health'];
/** Answer of `getHealthLive`. */
export type Liveness = Schemas['Liveness'];
/** Answer of `getHealthReady`: the database and Redis (`off` without REDIS_URL). */
export type Readiness = Schemas['Readiness'];
/** A mail kept by the development outbox. */
export type OutboxMail = Schemas['OutboxMail'];
/** Answer of `listOutbox`. */
export type OutboxList = Schemas['OutboxList'];
