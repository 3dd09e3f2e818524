/**
 * The custom-trigger wizard, a side panel of the editor (onboarding 2 "Custom-trigger wizard",
 * 4, 5, 9). It opens on the `junction:custom-trigger` window event, which the "Let's add an event"
 * dialog's "I'll do it myself" sends for a trigger; CustomTriggerWizardHost.tsx listens for it
 * and loads this module (its own chunk) on the first request.
 */
import { countText } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { APP_CHANGED_EVENT, useEditor } from '../editor/editor-context.js';
import { PremiumOffer, useTenantPlan } from '../shared/PremiumOffer.js';
import { isOfferedPremium } from '../shared/premium.js';
import { DataTree } from '../ui/DataTree.js';
import { Button, Spinner, TextField, useToast } from '../ui/index.js';
import { selectLook } from '../ui/Select.js';
import {
  CustomTriggerWizard,
  FIELD_LOCATIONS,
  FIELD_TYPES,
  type ICustomTriggerWizard,
  NEW_FIELD_KEY,
  ONBOARDING_TOAST_MS,
  WIZARD_STEPS,
} from './onboarding-wizard.js';
import { ErrorBanner, LinkButton, Small } from './parts.js';

const Drawer = styled.aside`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  /* Above the step panels (5/10), below dialogs (20) such as the premium offer it opens. */
  z-index: 15;
  display: flex;
  flex-direction: column;
  width: min(500px, 100%);
  background: ${({ theme }) => theme.colors.surface};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
`;

const Header = styled.header`
  position: relative;
  padding: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 4px; font-size: 18px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => theme.space(4)};
`;

const Footer = styled.footer`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  width: 32px;
  height: 32px;
  border: none;
  background: transparent;
  font-size: 20px;
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Label = styled.label`
  display: block;
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const Select = styled.select`
  width: 100%;
  min-height: 36px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  background: ${({ theme }) => theme.colors.surface};
  ${selectLook}
`;

const Types = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  border: none;
  legend { font-weight: 600; margin-bottom: 4px; }
  label { display: flex; align-items: center; gap: 8px; margin: 4px 0; }
  em { color: ${({ theme }) => theme.colors.muted}; font-style: normal; font-size: 12px; }
`;

const Table = styled.table`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(3)};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.small};
  th, td { padding: 6px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; }
`;

const FieldForm = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Problem = styled.p`
  margin: -8px 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Preview = styled.div`
  max-height: 350px;
  overflow: auto;
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border-radius: ${({ theme }) => theme.radius.small};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

const AppStep = observer(function AppStep({ wizard }: { wizard: ICustomTriggerWizard }) {
  // The chosen app's keys, so a noun it already uses is said as it is typed.
  const slug = wizard.appSlug;
  useEffect(() => {
    if (slug) void wizard.loadDefinition();
  }, [wizard, slug]);
  return (
    <>
      {wizard.appsError && <ErrorBanner role="alert">{wizard.appsError}</ErrorBanner>}
      <Label htmlFor="wizard-app">App</Label>
      <Select id="wizard-app" value={wizard.appSlug} onChange={(e) => wizard.setApp(e.target.value)}>
        <option value="">Choose your app…</option>
        {wizard.apps.map((app) => (
          <option key={app.appSlug} value={app.appSlug}>
            {app.appName}
          </option>
        ))}
      </Select>
      <Types>
        <legend>Type</legend>
        <label>
          <input
            type="radio"
            name="wizard-type"
            checked={wizard.type === 'new'}
            onChange={() => wizard.setType('new')}
          />
          New — triggers when a new item is created
        </label>
        <label>
          <input type="radio" name="wizard-type" disabled checked={false} onChange={() => undefined} />
          Updated <em>Coming Soon</em>
        </label>
      </Types>
      <TextField
        label="Noun"
        hint="What the trigger watches, e.g. invoice or support ticket."
        value={wizard.noun}
        error={wizard.nounProblem || undefined}
        onChange={(e) => wizard.setNoun(e.target.value)}
      />
      {wizard.noun.trim() && !wizard.nounProblem && (
        <Small>
          Creates the trigger “{wizard.generated.trigger.label}” and the hidden action it checks the endpoint with.
        </Small>
      )}
    </>
  );
});

const FieldEditorForm = observer(function FieldEditorForm({ wizard }: { wizard: ICustomTriggerWizard }) {
  const problems = wizard.hasTriedSave ? wizard.draftProblems : {};
  const d = wizard.draft;
  return (
    <FieldForm aria-label="Input field">
      <TextField
        label="Key"
        value={d.key}
        error={problems.key}
        onChange={(e) => wizard.setDraft({ key: e.target.value })}
      />
      <TextField
        label="Label"
        value={d.label}
        error={problems.label}
        onChange={(e) => wizard.setDraft({ label: e.target.value })}
      />
      <TextField
        label="Helper Text"
        value={d.description}
        error={problems.description}
        onChange={(e) => wizard.setDraft({ description: e.target.value })}
      />
      <Row>
        <div style={{ flex: 1 }}>
          <Label htmlFor="wizard-field-type">Type</Label>
          <Select
            id="wizard-field-type"
            value={d.type}
            onChange={(e) => wizard.setDraft({ type: e.target.value as (typeof FIELD_TYPES)[number] })}
          >
            {FIELD_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </Select>
          {problems.type && <Problem>{problems.type}</Problem>}
        </div>
        <div style={{ flex: 1 }}>
          <Label htmlFor="wizard-field-location">Location</Label>
          <Select
            id="wizard-field-location"
            value={d.location}
            onChange={(e) => wizard.setDraft({ location: e.target.value as (typeof FIELD_LOCATIONS)[number] })}
          >
            {FIELD_LOCATIONS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </Select>
          {problems.location && <Problem>{problems.location}</Problem>}
        </div>
      </Row>
      <Types>
        <label>
          <input
            type="checkbox"
            checked={d.required}
            onChange={(e) => wizard.setDraft({ required: e.target.checked })}
          />
          Required
        </label>
      </Types>
      <Row>
        <Button onClick={() => wizard.saveField()}>Save</Button>
        <Button variant="ghost" onClick={() => wizard.cancelField()}>
          Cancel
        </Button>
      </Row>
    </FieldForm>
  );
});

const EndpointStep = observer(function EndpointStep({ wizard }: { wizard: ICustomTriggerWizard }) {
  return (
    <>
      <TextField
        label="Endpoint URL"
        hint="A GET request that lists the items, newest first. Path inputs go in braces: /projects/{project}/tasks"
        type="url"
        value={wizard.url}
        error={wizard.url && !wizard.isUrlValid ? 'Enter an http:// or https:// address.' : undefined}
        onChange={(e) => wizard.setUrl(e.target.value)}
      />
      {wizard.needsCredential && (
        <>
          <Label htmlFor="wizard-account">Account</Label>
          <Select
            id="wizard-account"
            value={wizard.credentialId}
            onChange={(e) => wizard.setCredential(e.target.value)}
          >
            <option value="">Choose an account…</option>
            {wizard.credentials.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          {wizard.credentials.length === 0 && (
            <Problem>Connect an account of {wizard.appName} in a step panel first.</Problem>
          )}
        </>
      )}
      <h3 style={{ margin: '8px 0' }}>Input fields</h3>
      <Table aria-label="Input fields">
        <thead>
          <tr>
            <th>Key</th>
            <th>Label</th>
            <th>Type</th>
            <th>Location</th>
            <th>Required</th>
            <th>
              <span style={{ position: 'absolute', left: -9999 }}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {wizard.fields.map((f, index) => (
            <tr key={f.key}>
              <td>{f.key}</td>
              <td>{f.label}</td>
              <td>{f.type}</td>
              <td>{f.location}</td>
              <td>{f.required ? 'yes' : 'no'}</td>
              <td>
                {f.key !== NEW_FIELD_KEY && wizard.editingIndex === null && (
                  <>
                    <LinkButton onClick={() => wizard.editField(index)}>Edit</LinkButton>{' '}
                    <LinkButton onClick={() => wizard.removeField(index)}>Remove</LinkButton>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {wizard.editingIndex !== null ? (
        <FieldEditorForm wizard={wizard} />
      ) : (
        <Button variant="ghost" onClick={() => wizard.addField()}>
          + Add input field
        </Button>
      )}
    </>
  );
});

const TestStep = observer(function TestStep({ wizard }: { wizard: ICustomTriggerWizard }) {
  return (
    <>
      <Small style={{ marginTop: 0, marginBottom: 12 }}>GET {wizard.url}</Small>
      {wizard.fields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          hint={f.description}
          value={wizard.testValues[f.key] ?? ''}
          onChange={(e) => wizard.setTestValue(f.key, e.target.value)}
        />
      ))}
      <Button onClick={() => void wizard.test()} disabled={wizard.testPhase === 'testing'}>
        {wizard.testPhase === 'testing' ? (
          <Spinner label="Testing the endpoint" size={16} />
        ) : wizard.testPhase === 'tested' ? (
          'Test again'
        ) : (
          'Test endpoint'
        )}
      </Button>
      {wizard.testPhase === 'tested' && wizard.found && (
        <div role="status" style={{ marginTop: 16 }}>
          <p>
            Found {countText(wizard.found.items.length, 'item')}
            {wizard.found.head === '0' ? ' (the answer is the list)' : ` under “${wizard.found.head}”`}.
          </p>
          <Label htmlFor="wizard-dedupe">Which key identifies an item?</Label>
          <Select id="wizard-dedupe" value={wizard.dedupeKey} onChange={(e) => wizard.setDedupeKey(e.target.value)}>
            {wizard.keys.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </Select>
        </div>
      )}
      {/* What was found as the editor's data view shows data: keys beside values, never JSON text. */}
      {wizard.testPhase === 'tested' && wizard.found ? (
        <Preview>
          <DataTree data={wizard.found.items} label="Found items" />
        </Preview>
      ) : (
        wizard.testOutput !== null && (
          <Preview>
            <DataTree data={wizard.testOutput} label="Test response" />
          </Preview>
        )
      )}
    </>
  );
});

/** The open wizard. */
const WizardPanel = observer(function WizardPanel({
  wizard,
  onClose,
  onFinished,
}: {
  wizard: ICustomTriggerWizard;
  onClose: () => void;
  onFinished: () => void;
}) {
  const isLast = wizard.step === 3;
  const canNext =
    wizard.step === 1
      ? wizard.canContinueFromApp
      : wizard.step === 2
        ? wizard.canContinueFromEndpoint
        : wizard.canFinish;
  return (
    <Drawer aria-label="Create custom trigger" data-testid="custom-trigger-wizard">
      <Header>
        <h2>Create custom trigger</h2>
        <p>
          Step {wizard.step} of 3: {WIZARD_STEPS[wizard.step - 1]}
        </p>
        <Close aria-label="Close wizard" onClick={onClose}>
          ×
        </Close>
      </Header>
      <Body>
        {wizard.error && <ErrorBanner role="alert">{wizard.error}</ErrorBanner>}
        {wizard.step === 1 && <AppStep wizard={wizard} />}
        {wizard.step === 2 && <EndpointStep wizard={wizard} />}
        {wizard.step === 3 && <TestStep wizard={wizard} />}
      </Body>
      <Footer>
        <Button variant="ghost" onClick={() => (wizard.step === 1 ? onClose() : wizard.back())}>
          {wizard.step === 1 ? 'Cancel' : 'Back'}
        </Button>
        <Button
          disabled={!canNext}
          onClick={() => {
            if (!isLast) void wizard.next();
            else void wizard.finish().then((done) => done && onFinished());
          }}
        >
          {isLast ? 'Finish' : 'Next'}
        </Button>
      </Footer>
      <PremiumOffer open={wizard.isOfferOpen} onDismiss={() => void wizard.dismissOffer()} />
    </Drawer>
  );
});

/** What the `junction:custom-trigger` event asks for (CustomTriggerWizardHost.tsx). */
export interface WizardRequest {
  app?: string;
  offerSeen?: boolean;
}

/**
 * The wizard for one request of the `junction:custom-trigger` event: made on mount (the step
 * panel closes, the apps load), closed with `onDone`. Loaded on demand by the host.
 */
export function CustomTriggerWizardMount({ request, onDone }: { request: WizardRequest; onDone: () => void }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const plan = useTenantPlan();
  const planRef = useRef(plan);
  planRef.current = plan;
  const [wizard] = useState(() =>
    editor.createPanelModel(
      CustomTriggerWizard,
      { appSlug: request.app ?? '', isOfferSeen: request.offerSeen === true },
      {
        notify: (toast: { status: 'success' | 'error'; message: string }) =>
          showToast({ ...toast, autoHideMs: ONBOARDING_TOAST_MS }),
        isOfferedPremium: () => isOfferedPremium(planRef.current),
        origin: window.location.origin,
        onAppChanged: (app: string) => window.dispatchEvent(new CustomEvent(APP_CHANGED_EVENT, { detail: { app } })),
      },
    ),
  );
  useEffect(() => {
    // The wizard replaces the step panel on the right.
    editor.select(null);
    void wizard.loadApps();
  }, [editor, wizard]);
  return (
    <WizardPanel
      wizard={wizard}
      onClose={() => {
        void wizard.discard();
        onDone();
      }}
      onFinished={() => {
        onDone();
        // The trigger step opens again on its new event, read afresh (no reload).
        const trigger = editor.wf.data.steps.find((s) => s.kind === 'trigger');
        if (trigger) editor.select(trigger.id);
      }}
    />
  );
}
