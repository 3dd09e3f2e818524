/**
 * Actions (forms-dp 2.9, 2.10): the actions table, and the action editor with its Settings,
 * Form Design (with the field editor) and API Configuration tabs. `/actions/{triggerKey}/input`
 * shows a trigger's Form Design (forms-dp 2.1).
 */
import {
  ACTION_CODE_TEMPLATES,
  type ActionCodeTemplate,
  type ActionDef,
  type AppDefinition,
  actionCodeTemplate,
  actionRows,
  applyApiConfiguration,
  type BodyRow,
  checkActionSettings,
  checkFieldSettings,
  checkProperties,
  defaultCodeTemplateId,
  FIELD_TYPES,
  type FieldDef,
  type FieldProperty,
  type FieldType,
  fieldRows,
  HTTP_METHODS,
  importJson,
  indentRow,
  type KeyValue,
  keyValuesToBodyRows,
  NEW_ITEM_KEY,
  pageOf,
  searchActionRows,
  searchFieldRows,
  sortRows,
} from '@junction/core';
import * as Popover from '@radix-ui/react-popover';
import { IndentDecrease, IndentIncrease } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, TextField } from '../../ui/index.js';
import type { PillDescriber } from '../../ui/pill-decorations.js';
import { CodeEditor } from '../CodeEditor.js';
import { EventList, keyColumn, useEventList, visibilityAndMenuColumns } from '../EventList.js';
import {
  PortalLayout,
  usePortal,
  usePortalApp,
  usePortalEditor,
  useSaveToast,
  withPortalLayout,
} from '../PortalLayout.js';
import {
  Card,
  type Column,
  ErrorBanner,
  FieldError,
  Group,
  Heading,
  Hint,
  KeyValueRows,
  Row,
  RowMenu,
  SaveButton,
  SelectField,
  SortableTable,
  SwitchField,
  TablePager,
  TextAreaField,
  useTableState,
} from '../parts.js';
import { ActionTest } from './ActionTest.js';
import { DynamicDropdownEditor } from './DynamicDropdownEditor.js';
import { PillTextField, pillValue, useAppPillDescriber } from './RequestPills.js';
import { RequestPreview } from './RequestPreview.js';

const ActionsTable = observer(function ActionsTable() {
  const { store, app, navigate, saveToast, table, base } = useEventList('actions');
  const rows = sortRows(searchActionRows(actionRows(app), table.query), table.sort as never);
  const remove = async (key: string) => {
    const actions = { ...app.actions };
    delete actions[key];
    // A removed test action stops being the test action (the server refuses a dangling one).
    const authInfo = app.authInfo.testAuth === key ? { ...app.authInfo, testAuth: undefined } : app.authInfo;
    // The list has no Save button: the removal is saved at once.
    saveToast(await store.save({ ...app, actions, authInfo }), app.appName);
  };
  const columns: Column<(typeof rows)[number]>[] = [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (r) => (
        <>
          <Link to={`${base}/${r.key}/settings`}>{r.name}</Link>
          <small>{r.description}</small>
        </>
      ),
    },
    keyColumn(),
    ...visibilityAndMenuColumns(base, navigate, remove),
  ];
  return <EventList noun="Action" base={base} columns={columns} rows={rows} table={table} />;
});

/** /develop/{appSlug}/actions. */
export const ActionsPage = withPortalLayout(ActionsTable);

const TabBar = styled.nav`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 16px;
  a, span { padding: 8px 14px; font-weight: 600; text-decoration: none; color: ${({ theme }) => theme.colors.muted}; border-bottom: 3px solid transparent; }
  a:hover { color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] { border-bottom-color: ${({ theme }) => theme.colors.accent}; color: ${({ theme }) => theme.colors.accentText}; }
  span[aria-disabled='true'] { color: ${({ theme }) => theme.colors.muted}; opacity: 0.7; }
`;

type ActionTab = 'settings' | 'input' | 'api' | 'test';

/** The three tabs; the choice is the address (forms-dp 2.10). Form Design and API Configuration wait for the first Save. */
function ActionTabs({ base, current, isNew }: { base: string; current: ActionTab; isNew: boolean }) {
  const tabs: { id: ActionTab; label: string }[] = [
    { id: 'settings', label: 'Settings' },
    { id: 'input', label: 'Form Design' },
    { id: 'api', label: 'API Configuration' },
    { id: 'test', label: 'Test' },
  ];
  return (
    <TabBar aria-label="Action editor">
      {tabs.map((t) =>
        isNew && t.id !== 'settings' ? (
          <span key={t.id} aria-disabled="true" title="Save the action first">
            {t.label}
          </span>
        ) : (
          <Link key={t.id} to={`${base}/${t.id}`} aria-current={current === t.id ? 'page' : undefined}>
            {t.label}
          </Link>
        ),
      )}
    </TabBar>
  );
}

/** Props every action route page gets: which tab the address names. */
export function ActionEditorPage({ tab }: { tab: ActionTab | 'field' }) {
  return (
    <PortalLayout>
      <ActionEditor tab={tab} />
    </PortalLayout>
  );
}

const ActionEditor = observer(function ActionEditor({ tab }: { tab: ActionTab | 'field' }) {
  const app = usePortalApp();
  const { actionKey = '' } = useParams();
  const isNew = actionKey === NEW_ITEM_KEY;
  const action = Object.hasOwn(app.actions, actionKey) ? app.actions[actionKey] : undefined;
  // forms-dp 2.1: /actions/{triggerKey}/input edits a trigger's form.
  if (!action && !isNew && (tab === 'input' || tab === 'field') && Object.hasOwn(app.triggers, actionKey)) {
    return <TriggerFormDesign triggerKey={actionKey} isFieldEditor={tab === 'field'} />;
  }
  if (!action && !isNew) {
    return (
      <ErrorBanner>
        {app.appName} has no action with the key '{actionKey}'.
      </ErrorBanner>
    );
  }
  const base = `/develop/${app.appSlug}/actions/${actionKey}`;
  const heading = action?.title ? `${action.title} Action` : 'Action';
  return (
    <>
      <Heading>{heading}</Heading>
      <ActionTabs base={base} current={tab === 'field' ? 'input' : tab} isNew={isNew} />
      {tab === 'settings' && <ActionSettings key={actionKey} actionKey={actionKey} action={action} />}
      {tab === 'input' && action && (
        <FieldsDesign
          fields={action.fields}
          base={`${base}/input`}
          onSaveFields={(fields) => ({ ...app, actions: { ...app.actions, [actionKey]: { ...action, fields } } })}
        />
      )}
      {tab === 'field' && action && (
        <FieldEditor
          fields={action.fields}
          listPath={`${base}/input`}
          withFields={(fields) => ({ ...app, actions: { ...app.actions, [actionKey]: { ...action, fields } } })}
        />
      )}
      {tab === 'api' && action && <ApiConfiguration key={actionKey} actionKey={actionKey} action={action} />}
      {tab === 'test' && action && <ActionTest key={actionKey} actionKey={actionKey} action={action} />}
    </>
  );
});

/** Settings tab: key (editable only when new), title, description, hidden; live-checked. */
const ActionSettings = observer(function ActionSettings({
  actionKey,
  action,
}: {
  actionKey: string;
  action?: ActionDef;
}) {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const isNew = !action;
  const [form, setForm] = useState({
    key: isNew ? '' : actionKey,
    title: action?.title ?? '',
    description: action?.description ?? '',
    hidden: action?.hidden ?? false,
  });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = Object.keys(app.actions).filter((k) => k !== actionKey);
  const errors = checkActionSettings(form, others);
  const show = (field: string) => (touched || form[field as 'key'] !== '' ? errors[field] : undefined);
  const save = async () => {
    setTouched(true);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    const next: ActionDef = {
      ...(action ?? { method: 'get', url: '', fields: [] }),
      title: form.title.trim(),
      description: form.description.trim(),
      hidden: form.hidden,
    };
    const result = await store.save({ ...app, actions: { ...app.actions, [form.key]: next } });
    saveToast(result, app.appName);
    if (!result.ok) setError(result.message);
    // forms-dp 4: a new action, once saved, sends the user to the actions list.
    else if (isNew) navigate(`/develop/${app.appSlug}/actions/`);
  };
  return (
    <Card style={{ maxWidth: 640 }}>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <TextField
        label="Key *"
        value={form.key}
        disabled={!isNew}
        hint={
          isNew
            ? 'Letters, numbers, hyphens and underscores; it cannot change after the first save.'
            : 'The key cannot change.'
        }
        error={show('key')}
        onChange={(e) => setForm({ ...form, key: e.target.value })}
      />
      <TextField
        label="Title *"
        value={form.title}
        error={show('title')}
        onChange={(e) => setForm({ ...form, title: e.target.value })}
      />
      <TextAreaField
        label="Description *"
        hint="A complete sentence of at least 20 characters, e.g. 'Creates an order in the shop.'"
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      {show('description') && <FieldError role="alert">{errors.description}</FieldError>}
      <SwitchField
        label="Hidden in the editor"
        checked={form.hidden}
        onChange={(hidden) => setForm({ ...form, hidden })}
      />
      <Row>
        <SaveButton onClick={save} isSaving={store.isSaving} />
      </Row>
    </Card>
  );
});

/** Form Design: 'Form Editor' with '+Add Field', the fields table and its row menu (forms-dp 2.10). */
const FieldsDesign = observer(function FieldsDesign({
  fields,
  base,
  onSaveFields,
}: {
  fields: FieldDef[];
  base: string;
  onSaveFields: (fields: FieldDef[]) => AppDefinition;
}) {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const table = useTableState({ column: 'name', direction: 'asc' });
  const rows = searchFieldRows(fieldRows(fields), table.query);
  const page = pageOf(rows, table.page, table.size);
  const remove = async (index: number) => {
    // forms-dp 4: deleting a field saves.
    saveToast(await store.save(onSaveFields(fields.filter((_, i) => i !== index))), app.appName);
  };
  const columns: Column<(typeof rows)[number]>[] = [
    {
      id: 'name',
      label: 'Name',
      render: (r) => (
        <>
          <Link to={`${base}/${r.index}`}>{r.name}</Link>
          <small>{r.description}</small>
        </>
      ),
    },
    { id: 'key', label: 'Key', render: (r) => <code>{r.key}</code> },
    { id: 'visibility', label: 'Visibility in Editor', render: (r) => r.visibility },
    {
      id: 'menu',
      label: 'Edit',
      render: (r) => (
        <RowMenu label={r.name} onEdit={() => navigate(`${base}/${r.index}`)} onDelete={() => remove(r.index)} />
      ),
    },
  ];
  return (
    <>
      <Row style={{ justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 style={{ margin: 0 }}>Form Editor</h2>
        <Button onClick={() => navigate(`${base}/${NEW_ITEM_KEY}`)}>+Add Field</Button>
      </Row>
      <SortableTable
        caption="Fields"
        columns={columns}
        rows={page.rows}
        rowKey={(r) => String(r.index)}
        empty="No fields yet. Add one with +Add Field."
      />
      <TablePager table={table} page={page} />
    </>
  );
});

const EDITABLE_TYPES = FIELD_TYPES.filter((t) => t !== 'integer');

const PropertyGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1.4fr 110px auto auto;
  gap: 6px;
  align-items: center;
  margin-bottom: 6px;
  input, select { min-height: 32px; padding: 0 8px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 4px; font: inherit; }
  label { display: flex; gap: 4px; align-items: center; white-space: nowrap; }
`;

/** An object field's properties (forms-dp 3): key, title, description, type and hidden for each. */
function PropertiesEditor({
  properties,
  errors,
  onChange,
}: {
  properties: FieldProperty[];
  errors: string[];
  onChange: (properties: FieldProperty[]) => void;
}) {
  const set = (i: number, patch: Partial<FieldProperty>) =>
    onChange(properties.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Group aria-label="Properties">
      <h3 style={{ margin: '4px 0 8px' }}>Properties</h3>
      {properties.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are addressed by place.
        <div key={i}>
          <PropertyGrid>
            <input
              aria-label={`Property key ${i + 1}`}
              aria-invalid={errors[i] ? true : undefined}
              placeholder="Key"
              value={p.key}
              onChange={(e) => set(i, { key: e.target.value })}
            />
            <input
              aria-label={`Property title ${i + 1}`}
              placeholder="Title"
              value={p.title ?? ''}
              onChange={(e) => set(i, { title: e.target.value })}
            />
            <input
              aria-label={`Property description ${i + 1}`}
              placeholder="Description"
              value={p.description ?? ''}
              onChange={(e) => set(i, { description: e.target.value || undefined })}
            />
            <select
              aria-label={`Property type ${i + 1}`}
              value={p.schema?.type ?? 'string'}
              onChange={(e) => set(i, { schema: { ...p.schema, type: e.target.value as FieldType } })}
            >
              {EDITABLE_TYPES.filter((t) => t !== 'object' && t !== 'array').map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <label>
              <input
                type="checkbox"
                checked={Boolean(p.hidden)}
                onChange={(e) => set(i, { hidden: e.target.checked || undefined })}
              />
              Hidden
            </label>
            <Button
              variant="ghost"
              aria-label={`Remove property ${i + 1}`}
              onClick={() => onChange(properties.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          </PropertyGrid>
          {errors[i] && <FieldError role="alert">{errors[i]}</FieldError>}
        </div>
      ))}
      <Button
        variant="ghost"
        onClick={() => onChange([...properties, { key: '', title: '', schema: { type: 'string' } }])}
      >
        Add property
      </Button>
    </Group>
  );
}

/** One field: name, title, description, hidden, required and its schema (forms-dp 2.10, 3). */
const FieldEditor = observer(function FieldEditor({
  fields,
  listPath,
  withFields,
}: {
  fields: FieldDef[];
  listPath: string;
  withFields: (fields: FieldDef[]) => AppDefinition;
}) {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const { id = '' } = useParams();
  const isNew = id === NEW_ITEM_KEY;
  const index = isNew ? -1 : Number(id);
  const existing = isNew ? undefined : fields[index];
  const [field, setField] = useState<FieldDef>(
    () => structuredClone(existing) ?? { name: '', title: '', description: '', schema: { type: 'string' } },
  );
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isNew && !existing) return <ErrorBanner>There is no field number {id}.</ErrorBanner>;
  const schema = field.schema ?? { type: 'string' as FieldType };
  const others = fields.filter((_, i) => i !== index).map((f) => f.name);
  const errors = checkFieldSettings({ name: field.name, title: field.title ?? '' }, others);
  const show = (key: 'name' | 'title') =>
    touched || (key === 'name' ? field.name : field.title) ? errors[key] : undefined;
  const isStatic = Array.isArray(schema.enum);
  const setSchema = (patch: Partial<NonNullable<FieldDef['schema']>>) =>
    setField({ ...field, schema: { ...schema, ...patch } });
  const propertyErrors = schema.type === 'object' ? checkProperties(schema.properties ?? []) : [];
  const save = async () => {
    setTouched(true);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    if (propertyErrors.some(Boolean)) {
      setError('Fix the object properties marked below.');
      return;
    }
    const next = isNew ? [...fields, field] : fields.map((f, i) => (i === index ? field : f));
    const result = await store.save(withFields(next));
    saveToast(result, app.appName);
    if (result.ok) navigate(listPath);
    else setError(result.message);
  };
  return (
    <Card style={{ maxWidth: 720 }} title={isNew ? 'New field' : `Field: ${existing?.title || existing?.name}`}>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <TextField
        label="Name *"
        hint="The key the API expects."
        value={field.name}
        error={show('name')}
        onChange={(e) => setField({ ...field, name: e.target.value })}
      />
      <TextField
        label="Title *"
        hint="The label users see."
        value={field.title ?? ''}
        error={show('title')}
        onChange={(e) => setField({ ...field, title: e.target.value })}
      />
      <TextAreaField
        label="Description"
        hint="Help text (markdown); 20 characters or more read best."
        value={field.description ?? ''}
        onChange={(e) => setField({ ...field, description: e.target.value })}
      />
      <Row>
        <SwitchField
          label="Hidden"
          checked={Boolean(field.hidden)}
          onChange={(hidden) => setField({ ...field, hidden })}
        />
        <SwitchField
          label="Required"
          checked={Boolean(field.required)}
          onChange={(required) => setField({ ...field, required })}
        />
      </Row>
      <SelectField
        label="Type *"
        value={schema.type ?? 'string'}
        onChange={(e) => setSchema({ type: e.target.value as FieldType })}
        options={EDITABLE_TYPES.map((t) => ({ value: t, label: t }))}
      />
      {(schema.type ?? 'string') === 'string' && (
        <>
          <SelectField
            label="Is static list"
            value={isStatic ? 'Yes' : 'No'}
            onChange={(e) =>
              setSchema(
                e.target.value === 'Yes' ? { enum: [], enumNames: [] } : { enum: undefined, enumNames: undefined },
              )
            }
            options={[
              { value: 'No', label: 'No' },
              { value: 'Yes', label: 'Yes' },
            ]}
          />
          {isStatic && (
            <KeyValueRows
              label="Static list"
              keyLabel="Value (enum)"
              valueLabel="Label (enumNames)"
              rows={(schema.enum ?? []).map((v, i) => ({ key: v, value: schema.enumNames?.[i] ?? '' }))}
              onChange={(rows) => setSchema({ enum: rows.map((r) => r.key), enumNames: rows.map((r) => r.value) })}
            />
          )}
          <DynamicDropdownEditor
            appSlug={app.appSlug}
            actions={app.actions}
            otherFields={others.filter((name) => name !== '')}
            schema={schema}
            onChange={setSchema}
          />
        </>
      )}
      {schema.type === 'array' && (
        <SelectField
          label="Items type"
          value={schema.items?.type ?? 'string'}
          onChange={(e) => setSchema({ items: { type: e.target.value as FieldType } })}
          options={EDITABLE_TYPES.filter((t) => t !== 'array').map((t) => ({ value: t, label: t }))}
        />
      )}
      {schema.type === 'object' && (
        <PropertiesEditor
          properties={schema.properties ?? []}
          errors={propertyErrors}
          onChange={(properties) => setSchema({ properties })}
        />
      )}
      <Row>
        <SaveButton onClick={save} isSaving={store.isSaving} />
        <Button variant="ghost" onClick={() => navigate(listPath)}>
          Cancel
        </Button>
      </Row>
    </Card>
  );
});

const PopoverBox = styled(Popover.Content)`
  width: 380px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  padding: 12px;
  z-index: 30;
  textarea { width: 100%; box-sizing: border-box; font-family: monospace; }
`;

/** Request Body rows: drag or keyboard to reorder, indent in 20 px steps, Add, remove, Import JSON (forms-dp 2.10). */
function BodyRows({
  rows,
  onChange,
  describe,
}: {
  rows: BodyRow[];
  onChange: (rows: BodyRow[]) => void;
  describe: PillDescriber;
}) {
  const [isImportOpen, setImportOpen] = useState(false);
  const [pasted, setPasted] = useState('');
  const [importError, setImportError] = useState<string | null>(null);
  const submitImport = () => {
    const result = importJson(pasted);
    if (!result.ok) {
      // forms-dp 8 only logged this; the author sees why and the popover stays.
      setImportError(result.message);
      return;
    }
    onChange([...rows, ...result.rows]);
    setPasted('');
    setImportError(null);
    setImportOpen(false);
  };
  return (
    <KeyValueRows
      label="Request Body"
      itemName="body row"
      keyLabel="Body key"
      valueLabel="Body value"
      keyPlaceholder="Key"
      rows={rows}
      onChange={onChange}
      newRow={() => ({ key: '', value: '', depth: 0 })}
      depthOf={(row) => row.depth}
      rowTestId="body-row"
      renderValue={pillValue(describe)}
      rowActions={(i) => (
        <>
          <Button variant="ghost" aria-label={`Outdent row ${i + 1}`} onClick={() => onChange(indentRow(rows, i, -1))}>
            <IndentDecrease size={16} aria-hidden="true" />
          </Button>
          <Button variant="ghost" aria-label={`Indent row ${i + 1}`} onClick={() => onChange(indentRow(rows, i, 1))}>
            <IndentIncrease size={16} aria-hidden="true" />
          </Button>
        </>
      )}
      footer={
        <Popover.Root open={isImportOpen} onOpenChange={setImportOpen}>
          <Popover.Trigger asChild>
            <Button variant="ghost">Import JSON</Button>
          </Popover.Trigger>
          <Popover.Portal>
            <PopoverBox align="start" aria-label="Import JSON">
              <label htmlFor="import-json" style={{ fontWeight: 600 }}>
                Paste JSON here
              </label>
              <textarea id="import-json" rows={8} value={pasted} onChange={(e) => setPasted(e.target.value)} />
              {importError && <FieldError role="alert">{importError}</FieldError>}
              <Row style={{ justifyContent: 'flex-end', marginTop: 8 }}>
                <Button variant="ghost" onClick={() => setImportOpen(false)}>
                  Close
                </Button>
                <Button onClick={submitImport}>Submit</Button>
              </Row>
            </PopoverBox>
          </Popover.Portal>
        </Popover.Root>
      }
    />
  );
}

const SubTabs = styled(TabsList)`
  display: flex;
  gap: 4px;
  margin: 8px 0 12px;
  button { border: 1px solid ${({ theme }) => theme.colors.borderStrong}; background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text}; padding: 6px 12px; border-radius: ${({ theme }) => theme.radius.small}; font: inherit; cursor: pointer; }
  button[aria-selected='true'] { background: ${({ theme }) => theme.colors.accent}; color: ${({ theme }) => theme.colors.onAccent}; border-color: ${({ theme }) => theme.colors.accent}; }
  button:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const TemplateRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  margin-bottom: 8px;
  > div { margin-bottom: 0; }
`;

/** API Configuration tab (forms-dp 2.10): method, URL, URL Params, Request Body, custom code, Save. */
const ApiConfiguration = observer(function ApiConfiguration({
  actionKey,
  action,
}: {
  actionKey: string;
  action: ActionDef;
}) {
  const store = usePortal();
  const app = usePortalApp();
  const saveToast = useSaveToast();
  const [method, setMethod] = useState<ActionDef['method']>(action.method ?? 'get');
  const [url, setUrl] = useState(action.url ?? '');
  const [urlParams, setUrlParams] = useState<KeyValue[]>(action.url_params ?? []);
  const [body, setBody] = useState<BodyRow[]>(keyValuesToBodyRows(action.body));
  const [isCustom, setCustom] = useState(action.customForm?.custom === true);
  // Until the author writes code of their own, the code is the chosen template over this form's
  // own request (Step 1's method and URL, the action's fields): it works as shipped (forms-dp 2.10).
  const [ownCode, setCode] = useState(action.customForm?.apiCode ?? '');
  const [templateId, setTemplateId] = useState<ActionCodeTemplate['id']>(() => defaultCodeTemplateId(app));
  const templateCode = () => actionCodeTemplate(templateId, { method, url, fields: action.fields });
  const code = ownCode || templateCode();
  const [tab, setTab] = useState<'params' | 'body'>('params');
  const describe = useAppPillDescriber(app, action);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    const next = applyApiConfiguration(action, {
      method,
      url: url.trim(),
      urlParams,
      body,
      customCode: code,
      isCustom,
    });
    const result = await store.save({ ...app, actions: { ...app.actions, [actionKey]: next } });
    saveToast(result, app.appName);
    if (!result.ok) setError(result.message);
  };
  return (
    <>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Card
        title="Step 1 Configure API Request (required)"
        description="Enter the information where the product will make the request and send the input form data. This request must return an object or array."
      >
        <SwitchField label="Use Custom Code" checked={isCustom} onChange={setCustom} />
        {isCustom ? (
          <>
            <p>
              <Hint>
                Python: define run(inputData, authData) and return the step's output. inputData holds the step's values,
                authData the account's. Leave the body empty for GET.
              </Hint>
            </p>
            <TemplateRow>
              <SelectField
                label="Template"
                value={templateId}
                onChange={(e) => setTemplateId(e.target.value as ActionCodeTemplate['id'])}
                options={ACTION_CODE_TEMPLATES.map((t) => ({ value: t.id, label: t.label }))}
              />
              <Button variant="ghost" onClick={() => setCode(templateCode())}>
                Use template
              </Button>
            </TemplateRow>
            <CodeEditor label="Custom action code" value={code} onChange={setCode} />
          </>
        ) : (
          <>
            <SelectField
              label="Method"
              value={method}
              onChange={(e) => setMethod(e.target.value as ActionDef['method'])}
              options={['get', 'put', 'post', 'patch', 'delete']
                .filter((m) => (HTTP_METHODS as readonly string[]).includes(m))
                .map((m) => ({ value: m, label: m.toUpperCase() }))}
            />
            <PillTextField
              label="URL"
              value={url}
              placeholder="https://api.example.com/v1/orders/{id}"
              hint="Use a form-field reference such as ${auth.subdomain} for data from the Auth section; otherwise {XXX} for a path parameter."
              describe={describe}
              onChange={setUrl}
            />
            <Tabs value={tab} onValueChange={setTab}>
              <SubTabs aria-label="Request parts">
                <TabsTrigger value="params">URL Params</TabsTrigger>
                <TabsTrigger value="body">Request Body</TabsTrigger>
              </SubTabs>
              <TabsContent value="params">
                <KeyValueRows
                  label="URL Params"
                  rows={urlParams}
                  onChange={setUrlParams}
                  renderValue={pillValue(describe)}
                />
              </TabsContent>
              <TabsContent value="body">
                <BodyRows rows={body} onChange={setBody} describe={describe} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </Card>
      <Card
        title="Step 2 Test API Request (required)"
        description={
          <>
            What the action sends, «placeholders» standing for a step's or an account's values. Save, then send it with
            sample values in the <Link to={`/develop/${app.appSlug}/actions/${actionKey}/test`}>Test</Link> tab.
          </>
        }
      >
        <RequestPreview
          app={app}
          action={applyApiConfiguration(action, {
            method,
            url: url.trim(),
            urlParams,
            body,
            customCode: code,
            isCustom,
          })}
        />
      </Card>
      <SaveButton onClick={save} isSaving={store.isSaving} />
    </>
  );
});

/** A trigger's Form Design reached through /actions/{triggerKey}/input. */
const TriggerFormDesign = observer(function TriggerFormDesign({
  triggerKey,
  isFieldEditor,
}: {
  triggerKey: string;
  isFieldEditor: boolean;
}) {
  const app = usePortalApp();
  const trigger = app.triggers[triggerKey];
  const base = `/develop/${app.appSlug}/actions/${triggerKey}/input`;
  const withFields = (fields: FieldDef[]) => ({
    ...app,
    triggers: { ...app.triggers, [triggerKey]: { ...trigger, fields } },
  });
  return (
    <>
      <Heading>{trigger.label} Trigger</Heading>
      <Hint>
        Settings live on the <Link to={`/develop/${app.appSlug}/triggers/${triggerKey}/settings`}>trigger page</Link>.
      </Hint>
      {isFieldEditor ? (
        <FieldEditor fields={trigger.fields ?? []} listPath={base} withFields={withFields} />
      ) : (
        <FieldsDesign fields={trigger.fields ?? []} base={base} onSaveFields={withFields} />
      )}
    </>
  );
});
