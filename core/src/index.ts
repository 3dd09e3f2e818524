/**
 * @junction/core — the framework-agnostic domain of Junction.
 *
 * Explicit named exports only; types with `export type`, grouped by area below.
 */

// workflow/types: the plain shapes come with the document entry (`export * from './document.js'` below).
export type { CoreEnv } from './workflow/types.js';

// apps/types
export type {
  ActionDef,
  ApiType,
  AppDefinition,
  AuthFormField,
  AuthInfo,
  FieldDef,
  FieldLocation,
  FieldProperty,
  FieldSchema,
  FieldType,
  HttpMethod,
  KeyValue,
  PollingParams,
  RequestConfig,
  TriggerDef,
  WebhookFilter,
  WebhookHandshake,
} from './apps/types.js';

// workflow/model, graph, history
export type { IdSource, LinkFilter, LinkIndex, MoveTarget, Placement } from './workflow/graph.js';
export { delayProblem, MAX_DELAY_SECONDS, parseDelay } from './workflow/delay.js';
export {
  DUPLICATED_NAME_PREFIX,
  STEP_SPACING_Y,
  addLink,
  addStep,
  createIdSupplier,
  createLink,
  deleteStep,
  duplicateStep,
  getAncestorIds,
  getAncestors,
  getChildren,
  getParents,
  indexLinks,
  insertStepOnLink,
  normalizeLink,
  moveStep,
  pairKey,
  renameStep,
  setLinkDelay,
  setLinkFilter,
  setStepPosition,
  updateStepData,
} from './workflow/graph.js';
export type { WorkflowEdit, WorkflowEditType } from './workflow/edits.js';
export { applyEdit, applyEdits, EDIT_DESCRIPTIONS } from './workflow/edits.js';
export type {
  HistoryDescription,
  HistoryEntry,
  HistoryOptions,
  HistoryTarget,
  ItemUpdate,
  LinkPatch,
  ListChange,
  StepPatch,
  WorkflowChange,
  WorkflowProps,
} from './workflow/history.js';
export {
  HISTORY_DESCRIPTIONS,
  UNDO_LIST_SIZE,
  UNRECORDED_DESCRIPTION,
  WorkflowHistory,
  applyWorkflowChange,
  diffWorkflow,
  invertChange,
  isRecordedDescription,
  patchStep,
  sortByOrder,
} from './workflow/history.js';
export type { EditorShortcut, ShortcutKey } from './workflow/shortcuts.js';
export { editorShortcut } from './workflow/shortcuts.js';
export type {
  ILink,
  IStep,
  IWorkflow,
  IWorkflowSnapshotIn,
  IWorkflowSnapshotOut,
  StepInput,
} from './workflow/model.js';
export {
  LinkListModel,
  StepDataModel,
  StepModel,
  WorkflowModel,
  createWorkflowModel,
} from './workflow/model.js';
export { normalizeStepData } from './workflow/types.js';

// workflow rules: issues, health, naming, filter, payload, template, layout
export type { Reference } from './workflow/path.js';
export {
  hasPath,
  lastPathKey,
  lookupPath,
  parsePath,
  parseReferences,
  resolvePath,
  SAMPLE_PATH_LIMITS,
  samplePaths,
} from './workflow/path.js';
export type {
  PickerEntry,
  PickerSource,
  ReferenceSamples,
  ReferenceSegment,
  ReferenceView,
} from './workflow/reference-view.js';
export {
  describeReference,
  describeText,
  PICKER_ENTRIES_LIMIT,
  pickerEntries,
  pickerSources,
  readablePath,
  readableText,
  referenceSamples,
  UNKNOWN_REFERENCE,
} from './workflow/reference-view.js';
export { jsonBodyProblem } from './workflow/json-body.js';
export { SAMPLE_LABEL_VALUES, sampleLabel, sampleText } from './workflow/sample-label.js';
export type { BoundedResolution, OutputsByStepId, TextFormat } from './workflow/payload.js';
export {
  ARRAY_VALUE_CUT,
  isEmptyValue,
  isErrorResult,
  jsonBytes,
  prepareTestPayload,
  RESULTS_KEPT,
  resolveFieldsWithin,
  resolveFieldValue,
  resolveReference,
  resolveReferences,
  resolveReferencesInText,
  stringifyReferenceValue,
  textFormatOf,
  truncateResults,
  truncationMessage,
} from './workflow/payload.js';
export type { AppLookup, TriggerSetupPlan, TriggerSetupProblem, TriggerSetupResult } from './workflow/activation.js';
export {
  activationProblems,
  canActivate,
  JUNCTION_ENDPOINT_TRIGGERS,
  planTriggerSetup,
  SCHEDULE_APP_SLUG,
  storableActivation,
  withActivation,
} from './workflow/activation.js';
// a workflow's life: OFF, live, draft; and a change between versions in words
export type { LifecycleAction, LifecycleOutcome, LifecycleState } from './workflow/lifecycle.js';
export {
  documentsDiffer,
  draftAfterSave,
  lifecycleStateOf,
  lifecycleTransition,
  saveTarget,
} from './workflow/lifecycle.js';
export type { ChangedStep, ChangeSummary, StepRef } from './workflow/describe-change.js';
export { describeChange } from './workflow/describe-change.js';
export {
  findIssues,
  groupIssuesByStep,
  ISSUE_TEXTS,
  isBlankFieldValue,
  issuesTooltip,
} from './workflow/issues.js';
export type { StepHealth } from './workflow/health.js';
export type { SummaryOptions } from './workflow/run-summary.js';
export { formatExactTime, formatRelativeTime, summarizeTriggerData } from './workflow/run-summary.js';
export {
  HEALTH_COLORS,
  hasTestData,
  healthOf,
  isMissingCredential,
  stepHealth,
  workflowHealth,
} from './workflow/health.js';
export type { ChoiceLevel, ChosenApp, CustomTriggerSetup, StepChoice } from './workflow/step-setup.js';
export {
  applyStepPatch,
  automaticStepName,
  choiceReset,
  chooseAppPatch,
  chooseEventPatch,
  chooseOnStep,
  customTriggerPatch,
  HTTP_APP_SLUG,
  isAutomaticallyNamed,
  renamePatch,
  setUpStepData,
  toStepField,
  withDefinitionFields,
} from './workflow/step-setup.js';
export type { StepSection } from './workflow/step-sections.js';
export {
  canContinueSection,
  firstSection,
  isSectionDone,
  isSectionEnabled,
  missingRequiredFields,
  nextSection,
  stepSections,
} from './workflow/step-sections.js';
export type { TestOutcome, TestState } from './workflow/test-state.js';
export { recordSample, recordTestResult, sampleKey, testErrorMessage, testStateOf } from './workflow/test-state.js';
export type { TestSuccessInput, UsableCredential } from './workflow/naming.js';
export {
  accountLabel,
  ageText,
  CHIP_CUT,
  CUSTOM_REQUEST_FALLBACK_NAME,
  customRequestName,
  cutChip,
  FILTER_NAME_MAX_LENGTH,
  filterFieldName,
  filterName,
  filterNameProblem,
  pickCredential,
  savedFilterName,
  stepName,
  testSuccessText,
  typedFilterName,
} from './workflow/naming.js';
export type { ConditionProblem, FilterResolver } from './workflow/filter.js';
export {
  CONDITION_LABELS,
  CONDITION_TYPES,
  conditionProblem,
  conditionProblems,
  conditionText,
  createFilterResolver,
  evaluateCondition,
  evaluateFilter,
  FILTER_TEXTS,
  needsValue,
} from './workflow/filter.js';
export {
  ACTION_PLACEHOLDER_NAME,
  ACTION_PLACEHOLDER_POSITION,
  acceptTemplate,
  blankSample,
  createNewWorkflow,
  DEFAULT_DRAFT_WORKFLOW_NAME,
  DEFAULT_WORKFLOW_NAME,
  draftName,
  sanitizeForShare,
  TEMPLATE_NAME_PREFIX,
  TRIGGER_PLACEHOLDER_NAME,
  TRIGGER_PLACEHOLDER_POSITION,
} from './workflow/template.js';
export type { LayoutMode, Position } from './workflow/layout.js';
export {
  CARD_HEIGHT,
  CARD_WIDTH,
  layoutWorkflow,
  NODE_SPACING,
  RANK_SPACING,
  SNAP_GRID,
} from './workflow/layout.js';
export type { PasswordStrength } from './accounts/password.js';
export {
  checkPassword,
  isValidPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordStrength,
  REPEAT_CHECK_BELOW,
} from './accounts/password.js';
export {
  EMAIL_MAX_LENGTH,
  emailError,
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  normaliseEmail,
} from './accounts/email.js';
export { describeDevice, UNKNOWN_DEVICE } from './accounts/device.js';
export {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  auditActionLabel,
  auditDetailWords,
  isAuditAction,
} from './accounts/audit-actions.js';
export type {
  EffectivePolicy,
  InvitationState,
  SignUpContext,
  SignupPolicy,
  SignUpVerdict,
} from './accounts/access.js';
export {
  decideSignUp,
  effectiveSignupPolicy,
  INVITATION_TTL_MS,
  invitationState,
  isAtListedDomain,
  isSignupPolicy,
  normaliseDomain,
  parseSignupDomains,
  SETUP_REQUIRED_MESSAGE,
  SIGNUP_CLOSED_MESSAGE,
  SIGNUP_DOMAINS_MAX,
  SIGNUP_POLICIES,
} from './accounts/access.js';
export type {
  Action,
  ConnectionVisibility,
  MemberChange,
  OperationAccess,
  OperationId,
  Permission,
  Role,
} from './accounts/permissions.js';
export {
  ACTIONS,
  assignableRoles,
  can,
  canCallOperation,
  connectionRefusal,
  isRole,
  isRoleAtLeast,
  leastRoleFor,
  memberChangeProblem,
  OPERATION_ACCESS,
  operationAccess,
  PRIVATE_CONNECTION_TEXT,
  ROLES,
} from './accounts/permissions.js';

// apps, forms, accounts
export type {
  AppProblem,
  AppProblemCode,
  AppValidation,
  AuthSeedContext,
  DynamicSpec,
  EventGroup,
} from './apps/rules.js';
export {
  API_TYPES,
  checkProperties,
  defaultAuthInfo,
  EVENT_GROUPS,
  eventGroup,
  FIELD_LOCATIONS,
  FIELD_TYPES,
  fieldLocationFor,
  findTestAction,
  HTTP_METHODS,
  isBodylessPostAction,
  isKeyValueListSchema,
  isSimpleGetAction,
  isValidKey,
  KEY_RULE_MESSAGE,
  NO_TEST_ACTION_MESSAGE,
  normaliseSchemaType,
  oauthRedirectUri,
  AUTH_REQUEST_URL_ACTION,
  formatDynamicSpec,
  parseDynamicSpec,
  requestUrlTestAction,
  slugify,
  validateAppDefinition,
  WEBHOOK_HANDSHAKES,
} from './apps/rules.js';
export { publicSurfaceOf } from './apps/public-surface.js';
export type { DemoCrmContact, DemoCrmContactInput, DemoCrmKeyInfo } from './apps/demo-crm.js';
export type { AppSlugProblem } from './apps/slug.js';
export {
  APP_SLUG_PATTERN,
  APP_SLUG_SHAPE_MESSAGE,
  appSlugSkeleton,
  checkNewAppSlug,
  RESERVED_APP_SLUG_WORDS,
} from './apps/slug.js';
export type { CatalogApp, CatalogTab, EventOption, EventOptionGroup } from './apps/catalog.js';
export {
  APP_OPTIONS_LIMIT,
  eventsByGroup,
  filterApps,
  canTrigger,
  hasTriggers,
  isPremiumApp,
  MESSAGING_CATEGORY,
  messagingApps,
  needsAuth,
  POPULAR_BUILTIN_APPS,
  PREMIUM_APPS,
  visibleTriggers,
} from './apps/catalog.js';
export {
  accountFormFields,
  DEFAULT_BASIC_FORM_FIELDS,
  OAUTH_PUBLIC_KEYS,
  publicCredentialKeys,
  splitCredentialValues,
} from './apps/credential-fields.js';
export type { DateTimeFormat } from './apps/datetime.js';
export { DATE_PATTERN_MAX_LENGTH, DATE_TEXT_MAX_LENGTH } from './apps/date-match.js';
export { DATE_TIME_FORMATS, formatDate, parseDate } from './apps/datetime.js';
export type { ScheduleFrequency, ScheduleProblem, ScheduleResult, ScheduleSpec } from './apps/schedule.js';
export { isTimeZone, nextRuns, validateSchedule } from './apps/schedule.js';
export type {
  CustomTrigger,
  CustomTriggerField,
  CustomTriggerFieldProblems,
  CustomTriggerInput,
  FoundArray,
} from './apps/custom-trigger.js';
export {
  buildCustomTrigger,
  CUSTOM_TRIGGER_FIELD_LOCATIONS,
  CUSTOM_TRIGGER_FIELD_TYPES,
  customTriggerFieldProblems,
  dataHeadChoices,
  findFirstArray,
  firstArrayIn,
  NEW_FIELD_KEY,
} from './apps/custom-trigger.js';
export type { WorkspaceEvents, WorkspaceEventsChange } from './apps/workspace-events.js';
export {
  appBaseUrlOf,
  applyWorkspaceEventsChange,
  NO_WORKSPACE_EVENTS,
  takenEventKeys,
  withWorkspaceEvents,
} from './apps/workspace-events.js';
export {
  customTriggerNounProblem,
  listEndpointOf,
  type TakenEventsProblem,
  takenEventsProblem,
} from './apps/event-keys.js';
export type { TemplateScope } from './apps/template.js';
export { lookupReference, resolveTemplateString, resolveTemplateValue } from './apps/template.js';
export { withoutTrailing } from './text/trailing.js';
export { isSafeHelpHref, plainText, type TextPart, textParts } from './text/links.js';
export { countText } from './text/plural.js';
export { indefiniteArticle } from './text/article.js';
export { runDurationText, runStateSentence } from './text/run-status.js';
export { firstBlockerText, shareBlockedText, switchBlockedText } from './workflow/blocker-text.js';
export type {
  AuthKeys,
  BuildRequestInput,
  CustomBodyType,
  CustomRequestInput,
  HttpRequest,
  RequestMethod,
  RequestProblem,
  RequestProblemCode,
  RequestResult,
} from './apps/request.js';
export { buildCustomRequest, buildRequest, CUSTOM_BODY_TYPES, coerceValue } from './apps/request.js';
export { previewActionRequest, previewPlaceholder } from './apps/request-preview.js';
export type {
  AppSnapshotIn,
  IAction,
  IApp,
  IAuthInfo,
  IField,
  IFieldSchema,
  ITrigger,
  KeyEditResult,
} from './apps/model.js';
export { ActionModel, AppModel, AuthInfoModel, FieldModel, FieldSchemaModel, TriggerModel } from './apps/model.js';
export type { WorkspaceLinkAction, WorkspaceMemberships } from './accounts/workspace-link.js';
export { workspaceLinkAction } from './accounts/workspace-link.js';
export type { AppReferenceSources } from './apps/app-reference.js';
export { describeAppReference } from './apps/app-reference.js';
export type {
  ActionCodeSource,
  ActionCodeTemplate,
  ActionRow,
  BodyRow,
  FieldRow,
  ImportJsonResult,
  SettingsErrors,
  SortState,
  TriggerRow,
  TriggerSettingsInput,
} from './apps/portal.js';
export {
  ACTION_CODE_TEMPLATES,
  actionCodeTemplate,
  actionRows,
  applyApiConfiguration,
  authCodeBody,
  authCodeWhole,
  bodyRowsToKeyValues,
  CUSTOM_AUTH_PREFIX,
  CUSTOM_AUTH_SUFFIX,
  checkActionSettings,
  checkFieldSettings,
  checkTriggerSettings,
  DEFAULT_ACTION_CODE,
  defaultCodeTemplateId,
  DEFAULT_AUTH_CODE,
  fieldRows,
  importJson,
  INDENT_STEP_PX,
  indentRow,
  keyValuesToBodyRows,
  locationAfterApiSave,
  moveRow,
  NEW_ITEM_KEY,
  searchActionRows,
  searchFieldRows,
  searchTriggerRows,
  sortRows,
  toggleSort,
  triggerRows,
} from './apps/portal.js';
export type { Page } from './apps/paging.js';
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageOf } from './apps/paging.js';
export type {
  Answers,
  AnswerValue,
  Form,
  FormDefinition,
  FormSection,
  FormTuple,
  Question,
  QuestionType,
  TextStyle,
} from './forms/types.js';
export {
  emptyAnswers,
  FORM_DEFAULTS,
  FORM_TEXTS,
  fileAnswerKey,
  isAnswered,
  parseFormTuple,
  QUESTION_TYPES,
  REQUIRED_QUESTION_MESSAGE,
  readFormDefinition,
  sections,
  toFormTuple,
  validateAnswers,
} from './forms/form.js';
export type { ChosenFile, ReadableAnswer } from './forms/readable.js';
export { formatFileSize, readableAnswers } from './forms/readable.js';
export {
  refusedExtensionMessage,
  UPLOAD_EXTENSIONS,
  UPLOAD_TYPES,
  uploadExtensionOf,
  uploadTypeOf,
} from './forms/upload-types.js';
export type { FormProblem, FormValidation } from './forms/validate.js';
export { validateFormDefinition } from './forms/validate.js';

// workflow/document, legacy migration, import/export, compile: the `@junction/core/document`
// entry, exported here unchanged (one list of them).
export * from './document.js';

// colour contrast (WCAG 2.2)
export type { Rgba } from './color/contrast.js';
export {
  contrastRatio,
  parseColor,
  readableAccentOn,
  readableTextOn,
  relativeLuminance,
  WCAG_AA,
} from './color/contrast.js';

// api client
export type {
  ApiCall,
  ApiClient,
  ApiClientOptions,
  ApiFetch,
  ApiMethod,
  ApiResponseData,
  RawApiClient,
} from './api/client.js';
export { createApiClient } from './api/client.js';
export {
  ApiError,
  createNetworkError,
  createResponseError,
  isApiError,
  NETWORK_ERROR_STATUS,
} from './api/api-error.js';
export { PROBLEM_CODES, STATUS_PROBLEM_CODES, defaultProblemCode } from './api/problem-codes.js';
export type { ProblemCode } from './api/problem-codes.js';
// one message per Problem code
export {
  CLIENT_ERROR_CODE,
  describeProblem,
  isUnreachable,
  PROBLEM_MESSAGES,
  problemMessageOf,
  problemText,
  TRY_AGAIN_LABEL,
  UNREACHABLE_TEXT,
} from './api/problem-messages.js';
export type { ProblemMessage, ShownProblem } from './api/problem-messages.js';
// server-state layer (the role of TanStack query-core): queries, mutations, the typed binding
export {
  apiKey,
  buildPagedQuery,
  createQueryCache,
  createServerState,
  DEFAULT_QUERY_GC_MS,
  hashQueryKey,
  matchesKeyPrefix,
  PagedQuery,
  Query,
  QueryCache,
  QueryCancelledError,
  runMutation,
} from './api/query/index.js';
export type {
  GetInit,
  GetPath,
  MutationSpec,
  ListPage,
  OptimisticEdit,
  PagedData,
  PageFetcher,
  PageItem,
  PollAbortSignal,
  PollOptions,
  QueryCacheOptions,
  QueryClock,
  QueryFetchContext,
  QueryFetcher,
  QueryKey,
  QueryListener,
  QueryOptions,
  QueryState,
  QueryStatus,
  ServerState,
} from './api/query/index.js';
export type {
  FailureAlertDecision,
  FailureAlertFacts,
  FailureAlertMail,
  FailureAlertState,
} from './runs/failure-alerts.js';
export {
  ALERT_INTERVAL_LIMITS,
  checkAlertInterval,
  composeFailureAlert,
  DEFAULT_ALERT_INTERVAL_MINUTES,
  decideFailureAlert,
  digestDue,
  hearsFailure,
  parseWatchedWorkflows,
  QUIET_STATE,
} from './runs/failure-alerts.js';
export type { TestAlertAnswer } from './runs/alert-texts.js';
export {
  ALERT_INTERVAL_CHOICES,
  alertIntervalOptions,
  alertIntervalText,
  testAlertSentText,
} from './runs/alert-texts.js';
export type { BulkRunProgress, RunSearchFilters, RunSearchQuery } from './runs/run-search.js';
export { bulkProgressText, NO_RUN_FILTERS, runSearchQuery } from './runs/run-search.js';
export type { RunDay, RunDayCount, RunStatsPeriod } from './runs/run-stats.js';
export { failureRate, firstDayOf, formatFailureRate, RUN_STATS_PERIODS, runDays } from './runs/run-stats.js';
