/**
 * Triggers (forms-dp 2.7, 2.8): the triggers list, and the trigger page with its live-checked
 * Settings (polling: Unique ID Key and Array Name; webhook: Webhook Pickoff Key, subscribe and
 * unsubscribe actions) and its Form Design.
 */
import {
  type AppDefinition,
  checkTriggerSettings,
  NEW_ITEM_KEY,
  searchTriggerRows,
  sortRows,
  type TriggerDef,
  type TriggerSettingsInput,
  triggerRows,
} from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Tabs, TabsContent, TabsTrigger, TextField } from '../../ui/index.js';
import { EventList, keyColumn, useEventList, visibilityAndMenuColumns } from '../EventList.js';
import { usePortal, usePortalApp, usePortalEditor, useSaveToast, withPortalLayout } from '../PortalLayout.js';
import {
  Card,
  type Column,
  ErrorBanner,
  FieldError,
  Heading,
  Row,
  SaveButton,
  SelectField,
  SwitchField,
  TabStrip,
  TextAreaField,
} from '../parts.js';
import { editWithModel } from '../portal-store.js';

const TriggersTable = observer(function TriggersTable() {
  const { store, app, navigate, saveToast, table, base } = useEventList('triggers');
  const rows = sortRows(searchTriggerRows(triggerRows(app), table.query), table.sort as never);
  const remove = async (key: string) => {
    const triggers = { ...app.triggers };
    delete triggers[key];
    saveToast(await store.save({ ...app, triggers }), app.appName);
  };
  const columns: Column<(typeof rows)[number]>[] = [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (r) => <Link to={`${base}/${r.key}/settings`}>{r.name}</Link>,
    },
    keyColumn(),
    { id: 'source', label: 'Source', sortKey: 'source', render: (r) => r.source },
    ...visibilityAndMenuColumns(base, navigate, remove),
  ];
  return <EventList noun="Trigger" base={base} columns={columns} rows={rows} table={table} />;
});

/** /develop/{appSlug}/triggers. */
export const TriggersPage = withPortalLayout(TriggersTable);

const TriggerTabs = styled(TabStrip)`
  margin-bottom: 16px;
  button[aria-selected='true'] { border-bottom-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  button:disabled { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
`;

/** The settings form's values from a trigger (or a new one). */
export function triggerForm(
  key: string,
  trigger: TriggerDef | undefined,
): TriggerSettingsInput & { hidden: boolean; performList: string; unsubscribe: string } {
  const polling = trigger?.pollingParams && 'dedupe_key' in trigger.pollingParams ? trigger.pollingParams : undefined;
  return {
    key,
    label: trigger?.label ?? '',
    description: trigger?.description ?? '',
    type: trigger?.type ?? 'polling',
    action: trigger?.action ?? '',
    dedupeKey: polling?.dedupe_key ?? '',
    dataHead: polling?.data_head ?? '',
    webhookKey: trigger?.webhookKey ?? '',
    hidden: trigger?.hidden ?? false,
    performList: trigger?.performList ?? '',
    unsubscribe: trigger?.unsubscribe ?? '',
  };
}

/** The trigger a settings form describes (forms-dp 3 "Trigger"). */
export function triggerFromForm(form: ReturnType<typeof triggerForm>, previous: TriggerDef | undefined): TriggerDef {
  const base: TriggerDef = {
    label: form.label.trim(),
    description: form.description.trim(),
    hidden: form.hidden,
    type: form.type,
  };
  if (previous?.fields) base.fields = previous.fields;
  if (form.type === 'polling') {
    return {
      ...base,
      action: form.action,
      pollingParams: { dedupe_key: form.dedupeKey.trim(), data_head: form.dataHead.trim() },
    };
  }
  const hook: TriggerDef = { ...base, webhookKey: form.webhookKey.trim(), pollingParams: {} };
  if (form.action) hook.action = form.action;
  if (form.performList) hook.performList = form.performList;
  if (form.unsubscribe) hook.unsubscribe = form.unsubscribe;
  return hook;
}

const TriggerEditor = observer(function TriggerEditor() {
  const app = usePortalApp();
  const { triggerKey = '' } = useParams();
  const isNew = triggerKey === NEW_ITEM_KEY;
  const trigger = Object.hasOwn(app.triggers, triggerKey) ? app.triggers[triggerKey] : undefined;
  const [tab, setTab] = useState<'settings' | 'design'>('settings');
  if (!trigger && !isNew)
    return (
      <ErrorBanner>
        {app.appName} has no trigger with the key '{triggerKey}'.
      </ErrorBanner>
    );
  return (
    <>
      <Heading>{trigger?.label ? `${trigger.label} Trigger` : 'Trigger'}</Heading>
      <Tabs value={trigger ? tab : 'settings'} onValueChange={setTab}>
        <TriggerTabs aria-label="Trigger editor">
          <TabsTrigger value="settings">Settings</TabsTrigger>
          <TabsTrigger value="design" disabled={isNew}>
            Form Design
          </TabsTrigger>
        </TriggerTabs>
        <TabsContent value="settings">
          <TriggerSettings key={triggerKey} triggerKey={triggerKey} trigger={trigger} />
        </TabsContent>
        {trigger && (
          <TabsContent value="design">
            <TriggerDesign key={triggerKey} triggerKey={triggerKey} trigger={trigger} />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
});

/** /develop/{appSlug}/triggers/{triggerKey}/settings. */
export const TriggerSettingsPage = withPortalLayout(TriggerEditor);

const TriggerSettings = observer(function TriggerSettings({
  triggerKey,
  trigger,
}: {
  triggerKey: string;
  trigger?: TriggerDef;
}) {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const isNew = !trigger;
  const [form, setForm] = useState(() => triggerForm(isNew ? '' : triggerKey, trigger));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = Object.keys(app.triggers).filter((k) => k !== triggerKey);
  const errors = checkTriggerSettings(form, others);
  const show = (field: keyof typeof form) => (touched || form[field] !== '' ? errors[field] : undefined);
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const actionOptions = [
    { value: '', label: 'Choose an action' },
    ...Object.entries(app.actions).map(([k, a]) => ({ value: k, label: `${a.title || k} (${k})` })),
  ];
  const save = async () => {
    setTouched(true);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    let next: AppDefinition = app;
    if (!isNew && form.key !== triggerKey) {
      // forms-dp 4: a key change removes the old entry and stores the trigger under the new key.
      const renamed = editWithModel(app, (m) => m.renameTriggerKey(triggerKey, form.key));
      if (!renamed.ok) {
        setError(renamed.message);
        return;
      }
      next = renamed.app;
    }
    next = { ...next, triggers: { ...next.triggers, [form.key]: triggerFromForm(form, trigger) } };
    const result = await store.save(next);
    saveToast(result, app.appName);
    if (!result.ok) setError(result.message);
    else if (isNew || form.key !== triggerKey) navigate(`/develop/${app.appSlug}/triggers`);
  };
  return (
    <Card style={{ maxWidth: 680 }}>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <TextField label="Key *" value={form.key} error={show('key')} onChange={(e) => set({ key: e.target.value })} />
      <TextField
        label="Label *"
        value={form.label}
        error={show('label')}
        onChange={(e) => set({ label: e.target.value })}
      />
      <TextAreaField
        label="Description *"
        value={form.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      {show('description') && <FieldError>{errors.description}</FieldError>}
      <SwitchField label="Hidden in the editor" checked={form.hidden} onChange={(hidden) => set({ hidden })} />
      <SelectField
        label="Type *"
        value={form.type}
        onChange={(e) => set({ type: e.target.value as 'polling' | 'webhook' })}
        options={[
          { value: 'polling', label: 'Polling' },
          { value: 'webhook', label: 'Webhook' },
        ]}
      />
      {form.type === 'polling' ? (
        <>
          <SelectField
            label="Action that lists the items *"
            value={form.action}
            error={show('action')}
            onChange={(e) => set({ action: e.target.value })}
            options={actionOptions}
          />
          <TextField
            label="Unique ID Key *"
            hint="The item key that tells items apart, e.g. id."
            value={form.dedupeKey}
            error={show('dedupeKey')}
            onChange={(e) => set({ dedupeKey: e.target.value })}
          />
          <TextField
            label="Array Name *"
            hint="The response key holding the items; use 0 if no key."
            value={form.dataHead}
            error={show('dataHead')}
            onChange={(e) => set({ dataHead: e.target.value })}
          />
        </>
      ) : (
        <>
          <TextField
            label="Webhook Pickoff Key *"
            hint="Where the item sits in a webhook body, e.g. order."
            value={form.webhookKey}
            error={show('webhookKey')}
            onChange={(e) => set({ webhookKey: e.target.value })}
          />
          <SelectField
            label="Subscribe action (performList)"
            value={form.performList}
            onChange={(e) => set({ performList: e.target.value })}
            options={actionOptions}
          />
          <SelectField
            label="Unsubscribe action"
            value={form.unsubscribe}
            onChange={(e) => set({ unsubscribe: e.target.value })}
            options={actionOptions}
          />
        </>
      )}
      <Row>
        <SaveButton onClick={save} isSaving={store.isSaving} />
      </Row>
    </Card>
  );
});

const FieldCard = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 6px;
  padding: 10px 12px;
  margin-bottom: 8px;
  ul { margin: 6px 0 0; padding-left: 18px; }
`;

/** A field value as the value box shows it: text as is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The value typed for a field whose stored value was `previous`: text stays text, a value that
 * was JSON (number, boolean, list, object) is parsed back; empty text removes the value.
 *
 * @example readValue(3, '4') // { ok: true, value: 4 }
 */
export function readValue(previous: unknown, text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  if (previous === undefined || typeof previous === 'string') return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Form Design of a trigger (forms-dp 2.8): Hidden toggle, value, per-property hidden for objects. */
const TriggerDesign = observer(function TriggerDesign({
  triggerKey,
  trigger,
}: {
  triggerKey: string;
  trigger: TriggerDef;
}) {
  const store = usePortal();
  const app = usePortalApp();
  const saveToast = useSaveToast();
  const [fields, setFields] = useState(() => structuredClone(trigger.fields ?? []));
  // Values are edited as text; a value stored as JSON (a number, a list…) is read back as JSON.
  const [texts, setTexts] = useState(() => (trigger.fields ?? []).map((f) => valueText(f.value)));
  const [error, setError] = useState<string | null>(null);
  const setField = (i: number, patch: object) => setFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const save = async () => {
    setError(null);
    const values = fields.map((_, i) => readValue(trigger.fields?.[i]?.value, texts[i] ?? ''));
    const bad = values.findIndex((v) => !v.ok);
    if (bad >= 0) {
      setError(`The value of ${fields[bad].title || fields[bad].name} must be JSON, like the value it replaces.`);
      return;
    }
    const next = fields.map((f, i) => {
      const read = values[i] as { ok: true; value: unknown };
      const { value: _old, ...rest } = f;
      return read.value === undefined ? rest : { ...rest, value: read.value };
    });
    const result = await store.save({
      ...app,
      triggers: { ...app.triggers, [triggerKey]: { ...trigger, fields: next } },
    });
    saveToast(result, app.appName);
    if (result.ok) setFields(next);
    else setError(result.message);
  };
  return (
    <Card>
      <Row style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>Form Design</h2>
        <Link to={`/develop/${app.appSlug}/actions/${triggerKey}/input`}>Add or edit fields</Link>
      </Row>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {fields.length === 0 && <p>This trigger has no fields.</p>}
      {fields.map((field, i) => (
        <FieldCard key={field.name}>
          <strong>{field.title || field.name}</strong> <code>{field.name}</code>
          <Row>
            <SwitchField
              label="Hidden"
              checked={Boolean(field.hidden)}
              onChange={(hidden) => setField(i, { hidden })}
            />
            <TextField
              label={`Value of ${field.title || field.name}`}
              value={texts[i] ?? ''}
              onChange={(e) => setTexts(texts.map((t, j) => (j === i ? e.target.value : t)))}
            />
          </Row>
          {field.schema?.type === 'object' && (
            <ul>
              {(field.schema.properties ?? []).map((p, k) => (
                <li key={p.key}>
                  <SwitchField
                    label={`Hide ${p.title || p.key}`}
                    checked={Boolean(p.hidden)}
                    onChange={(hidden) =>
                      setField(i, {
                        schema: {
                          ...field.schema,
                          properties: (field.schema?.properties ?? []).map((q, m) => (m === k ? { ...q, hidden } : q)),
                        },
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </FieldCard>
      ))}
      <SaveButton onClick={save} isSaving={store.isSaving} />
    </Card>
  );
});
