import { type CatalogTab, HTTP_APP_SLUG, isPremiumApp, testStateOf } from '@junction/core';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { PremiumOffer, useTenantPlan } from '../../shared/PremiumOffer.js';
import { isOfferedPremium } from '../../shared/premium.js';
import { openSupportChat } from '../../shared/support-chat-event.js';
import { readEditorAddress } from '../../stores/session.js';
import { AppIcon, Button, Tabs, TabsContent } from '../../ui/index.js';
import { testProblemOf } from '../canvas/canvas-model.js';
import { useEditor } from '../editor-context.js';
import type { AppCatalog } from '../model/panel-catalog.js';
import type { AppSummaryView } from '../model/types.js';
import { ActionTest } from './ActionTest.js';
import { ConnectionPanel } from './ConnectionPanel.js';
import { CustomEventDialog } from './CustomEventDialog.js';
import { FieldEditor } from './FieldEditor.js';
import { FormTriggerBuilder, FormTriggerSetup } from './FormTrigger.js';
import { ConnectionModel } from './panel-connection.js';
import { INSERT_DATA_NOTE } from './panel-fields.js';
import {
  type IStepPanelModel,
  noActionsText,
  noTriggersText,
  type PanelSection,
  PRODUCT_NAME,
  QUICK_TRIGGERS,
  REQUEST_TRIGGER_TEXT,
  StepPanelModel,
  sectionTitle,
  triggerRequestDraft,
} from './panel-step.js';
import type { AutoTicket } from './panel-tickets.js';
import { TriggerTestModel } from './panel-trigger-test.js';
import {
  Body,
  Drawer,
  DrawerHeader,
  ErrorBox,
  GroupHeading,
  IconButton,
  Input,
  Muted,
  Note,
  OptionButton,
  OptionList,
  Row,
  Tab,
  TabList,
} from './parts.js';
import { BODY_FIELD_NAMES, RequestBody } from './RequestBody.js';
import { TriggerTest } from './TriggerTest.js';

const APP_TABS: ReadonlyArray<{ tab: CatalogTab; label: string }> = [
  { tab: 'popular', label: 'Popular' },
  { tab: 'all', label: 'ALL' },
  { tab: 'tools', label: 'Tools' },
];

/** The trigger request, a link-like button that opens the support chat (editor-core 2.9). */
const RequestLink = styled.button`
  padding: 0;
  border: none;
  background: none;
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.accentText};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Section = styled.section<{ $open: boolean }>`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const SectionHeader = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: none;
  background: transparent;
  font: inherit;
  text-align: left;
  cursor: pointer;
  color: inherit;
  &:disabled { cursor: not-allowed; opacity: 0.5; }
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.focusRing}; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; font-weight: 400; }
`;

const Bullet = styled.span<{ $done: boolean }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  background: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.accent)};
  color: ${({ theme, $done }) => ($done ? theme.colors.onSuccess : theme.colors.onAccent)};
  font-size: 13px;
  font-weight: 700;
`;

/** A failed or out-of-date test under the Test header, with Retest (editor-core 4.8). */
const TestProblemRow = styled.div<{ $status: 'failed' | 'stale' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  border-left: 4px solid ${({ theme, $status }) => ($status === 'failed' ? theme.colors.danger : theme.colors.warning)};
  background: ${({ theme, $status }) => ($status === 'failed' ? theme.colors.dangerSubtle : theme.colors.warningSubtle)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
  p { flex: 1; min-width: 0; margin: 0; overflow-wrap: anywhere; }
  strong { display: block; }
`;

const EmptyCard = styled.div`
  margin: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  h3 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const QuickChoices = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  button { min-height: 64px; }
`;

/** A short summary of what a section holds, under its title. */
function summaryOf(model: IStepPanelModel, section: PanelSection): string {
  const data = model.data;
  if (section === 'app') return data.label;
  if (section === 'event') return data.actionlabel;
  if (section === 'account') return data.authname;
  if (section === 'test') {
    const state = testStateOf(data).status;
    if (model.testPhase === 'testFailed' || state === 'failed') return 'Test failed';
    if (state === 'stale') return 'Test again';
    if (model.testPhase === 'tested' || state === 'tested') return data.triggerchoice || 'Tested';
    return '';
  }
  return '';
}

const AppSearch = observer(function AppSearch({ model, catalog }: { model: IStepPanelModel; catalog: AppCatalog }) {
  const options = model.appOptions;
  const plan = useTenantPlan();
  const [pendingApp, setPendingApp] = useState<AppSummaryView | null>(null);
  const [isOfferDismissed, setOfferDismissed] = useState(false);
  // editor-core 6: a free workspace choosing a data-formatting app is offered premium first,
  // as the palette does; 'No thanks' goes on with the app.
  const choose = (app: AppSummaryView) => {
    if (isPremiumApp(app.appSlug) && isOfferedPremium(plan) && !isOfferDismissed) {
      setPendingApp(app);
      return;
    }
    void model.chooseApp(app);
  };
  return (
    <Tabs value={model.tab} onValueChange={(tab) => model.setTab(tab)}>
      <TabList aria-label="App lists">
        {APP_TABS.map(({ tab, label }) => (
          <Tab key={tab} value={tab}>
            {label}
          </Tab>
        ))}
      </TabList>
      <TabsContent value={model.tab}>
        <Input
          aria-label="Type to search for an App"
          placeholder="Type to search for an App"
          value={model.appQuery}
          onChange={(event) => model.setAppQuery(event.target.value)}
        />
        {catalog.phase === 'loading' && <Muted>Loading apps…</Muted>}
        {catalog.phase === 'failedLoad' && (
          <ErrorBox role="alert">
            <p>{catalog.error}</p>
            <Button variant="ghost" onClick={() => void catalog.load()}>
              Try again
            </Button>
          </ErrorBox>
        )}
        {catalog.phase === 'loaded' && options.length === 0 && <Muted>No apps match.</Muted>}
        {options.length > 0 && (
          <OptionList aria-label="Apps">
            {options.map((app) => (
              <li key={app.appSlug}>
                <OptionButton $selected={model.data.type === app.appSlug} onClick={() => choose(app)}>
                  <AppIcon src={app.iconURL} name={app.appName} size={24} />
                  <span>
                    {app.appName}
                    {app.category && <small>{app.category}</small>}
                  </span>
                </OptionButton>
              </li>
            ))}
          </OptionList>
        )}
        <PremiumOffer
          open={pendingApp !== null}
          onDismiss={() => {
            const app = pendingApp;
            setPendingApp(null);
            setOfferDismissed(true);
            if (app) void model.chooseApp(app);
          }}
        />
      </TabsContent>
    </Tabs>
  );
});

const EventChoice = observer(function EventChoice({ model }: { model: IStepPanelModel }) {
  const groups = model.eventGroups;
  const appName = model.data.label || model.data.type;
  return (
    <div>
      {model.isDefinitionLoading && <Muted>Loading events…</Muted>}
      {model.definitionError && (
        <ErrorBox role="alert">
          <p>{model.definitionError}</p>
          <Button variant="ghost" onClick={() => void model.loadDefinition()}>
            Try again
          </Button>
        </ErrorBox>
      )}
      {model.hasNoEvents ? (
        model.kind === 'trigger' ? (
          <Muted>
            {noTriggersText(appName)}
            {!model.needsAccount && (
              <>
                <br />
                <RequestLink type="button" onClick={() => openSupportChat(triggerRequestDraft(appName))}>
                  {REQUEST_TRIGGER_TEXT}
                </RequestLink>
              </>
            )}
          </Muted>
        ) : (
          <Muted>{noActionsText(appName)}</Muted>
        )
      ) : (
        <>
          <Input
            aria-label={model.kind === 'trigger' ? 'Click for triggers' : 'Click for actions'}
            placeholder={model.kind === 'trigger' ? 'Click for triggers' : 'Click for actions'}
            value={model.eventQuery}
            onChange={(event) => model.setEventQuery(event.target.value)}
          />
          {groups.length > 0 && (
            <OptionList aria-label="Events">
              {groups.flatMap((group) => [
                model.kind === 'action' ? <GroupHeading key={`g-${group.group}`}>{group.group}</GroupHeading> : null,
                ...group.events.map((event) => (
                  <li key={event.key}>
                    <OptionButton
                      $selected={model.data.action === event.key}
                      onClick={() => model.chooseEvent(event.key)}
                    >
                      <span>
                        {event.title}
                        {event.description && <small>{event.description}</small>}
                      </span>
                    </OptionButton>
                  </li>
                )),
              ])}
            </OptionList>
          )}
        </>
      )}
      <Row>
        <Button variant="ghost" onClick={() => model.setCustomEventOpen(true)}>
          {model.kind === 'trigger' ? '+ Create custom trigger' : '+ Create custom action'}
        </Button>
      </Row>
    </div>
  );
});

const Setup = observer(function Setup({ model }: { model: IStepPanelModel }) {
  if (model.isFormsTrigger) return <FormTriggerSetup model={model} />;
  const fields = model.visibleFields;
  // The custom request's body fields are one section (editor-core 3 "Custom HTTP request action").
  const isRequest = model.data.type === HTTP_APP_SLUG;
  return (
    <div>
      <Note>{INSERT_DATA_NOTE}</Note>
      {fields.length === 0 && <Muted>This event has nothing to set up.</Muted>}
      {fields.map((field) =>
        isRequest && BODY_FIELD_NAMES.has(field.name) ? (
          field.name === 'stringBody' && (
            <RequestBody
              key="body"
              stepId={model.stepId}
              fields={fields}
              onChange={(name, value) => model.setFieldValue(name, value)}
            />
          )
        ) : (
          <FieldEditor
            key={field.name}
            stepId={model.stepId}
            field={field}
            appLabel={model.data.label}
            onChange={(value) => model.setFieldValue(field.name, value)}
          />
        ),
      )}
    </div>
  );
});

/** The empty '1. Trigger' card: an app search and the Schedule, Webhook and Forms quick choices. */
const EmptyTrigger = observer(function EmptyTrigger({
  model,
  catalog,
}: {
  model: IStepPanelModel;
  catalog: AppCatalog;
}) {
  return (
    <EmptyCard>
      <h3>1. Trigger</h3>
      <Muted>Choose what starts this workflow.</Muted>
      <QuickChoices>
        {QUICK_TRIGGERS.map((choice) => (
          <Button key={choice.slug} variant="ghost" onClick={() => void model.chooseQuickTrigger(choice.slug)}>
            {choice.label}
          </Button>
        ))}
      </QuickChoices>
      <Muted>Or search for an app:</Muted>
      <AppSearch model={model} catalog={catalog} />
    </EmptyCard>
  );
});

/**
 * The action or trigger panel of one step (editor-core 2.8, 2.9): a vertical stepper App,
 * Event, Account (apps with auth), set-up and Test; Continue moves on, a header jumps back.
 */
export const StepPanel = observer(function StepPanel({ stepId, catalog }: { stepId: string; catalog: AppCatalog }) {
  const editor = useEditor();
  const [model] = useState(() =>
    editor.createPanelModel(
      StepPanelModel,
      { stepId },
      {
        onAutoTicket: (ticket: AutoTicket) =>
          editor.fileAutoTicket(ticket, { storage: window.localStorage, editorUrl: window.location.href }),
      },
    ),
  );
  const [connection] = useState(() =>
    editor.createPanelModel(
      ConnectionModel,
      { stepId, userId: readEditorAddress(window.location.search).userId },
      {
        origin: window.location.origin,
        hasSession: editor.hasToken(),
        openWindow: (url: string, name: string, features: string) => window.open(url, name, features),
      },
    ),
  );
  const [triggerTest] = useState(() => editor.createPanelModel(TriggerTestModel, { stepId }));

  useEffect(() => {
    void catalog.load();
  }, [catalog]);
  // The guided tour advances on the user's Continue, so the editor knows the open section.
  useEffect(
    () =>
      reaction(
        () => model.section,
        (section) => editor.setPanelSection(section),
        { fireImmediately: true },
      ),
    [editor, model],
  );
  // editor-core 4.8: the card's Retest opens this panel and runs the test again.
  useEffect(
    () =>
      reaction(
        () => editor.retestStepId,
        () => {
          if (!editor.takeRetest(stepId)) return;
          if (model.kind === 'trigger') {
            model.open('test');
            void triggerTest.start();
          } else void model.runTest();
        },
        { fireImmediately: true },
      ),
    [editor, model, stepId, triggerTest],
  );
  useEffect(() => {
    connection.setDefinition(model.definition);
  }, [connection, model.definition]);
  useEffect(() => {
    // Without `u` in the address the pop-up's user id comes from the profile, fetched before
    // any click (a pop-up opened after an await would be blocked).
    if (connection.userId || !model.needsAccount) return;
    let isCurrent = true;
    editor
      .profile()
      .then((me) => isCurrent && connection.setUserId(me.id))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [connection, editor, model.needsAccount]);

  if (!model.exists) return null;
  const close = () => editor.select(null);
  const data = model.data;
  const header = (
    <DrawerHeader>
      {data.type ? <AppIcon src={data.icon} name={data.label || data.type} size={28} /> : null}
      <h2 id={`panel-title-${stepId}`}>{data.name || sectionTitle('app', model.kind)}</h2>
      <IconButton aria-label="Close panel" onClick={close}>
        ×
      </IconButton>
    </DrawerHeader>
  );

  if (model.kind === 'trigger' && !model.hasApp) {
    return (
      <Drawer aria-labelledby={`panel-title-${stepId}`} data-testid="step-panel">
        {header}
        <EmptyTrigger model={model} catalog={catalog} />
      </Drawer>
    );
  }

  const sections = model.sections;
  const problem = testProblemOf(data);
  const content = (section: PanelSection): ReactNode => {
    if (section === 'app') return <AppSearch model={model} catalog={catalog} />;
    if (section === 'event') return <EventChoice model={model} />;
    if (section === 'account') return <ConnectionPanel model={connection} />;
    if (section === 'setup') return <Setup model={model} />;
    return model.kind === 'trigger' ? (
      <TriggerTest model={triggerTest} onDone={close} />
    ) : (
      <ActionTest model={model} onDone={close} />
    );
  };

  return (
    <Drawer aria-labelledby={`panel-title-${stepId}`} data-testid="step-panel">
      {header}
      {sections.map((section, index) => {
        const isOpen = model.section === section;
        const summary = summaryOf(model, section);
        return (
          <Section key={section} $open={isOpen}>
            <SectionHeader
              aria-expanded={isOpen}
              disabled={!model.isEnabled(section)}
              onClick={() => model.open(section)}
            >
              <Bullet $done={model.isDone(section)}>{model.isDone(section) ? '✓' : index + 1}</Bullet>
              <span>
                <strong>{sectionTitle(section, model.kind)}</strong>
                {summary && <small>{summary}</small>}
              </span>
            </SectionHeader>
            {section === 'test' && problem && model.testPhase !== 'testing' && !(isOpen && model.testResult) && (
              <TestProblemRow $status={problem.status} role={problem.status === 'failed' ? 'alert' : 'status'}>
                <p>
                  <strong>{problem.title}</strong>
                  {problem.detail && <span>{problem.detail}</span>}
                </p>
                <Button onClick={() => editor.retest(stepId)}>Retest</Button>
              </TestProblemRow>
            )}
            {isOpen && (
              <Body>
                {content(section)}
                {section !== 'test' && (
                  <Row>
                    <Button
                      data-tour={`continue-${section}`}
                      disabled={!model.canContinue(section)}
                      onClick={() => model.continue()}
                    >
                      Continue
                    </Button>
                  </Row>
                )}
              </Body>
            )}
          </Section>
        );
      })}
      <CustomEventDialog model={model} product={PRODUCT_NAME} />
      <FormTriggerBuilder model={model} />
    </Drawer>
  );
});

/**
 * Renders each of the panel's styled pieces once, hidden, so their CSS is in the page before
 * the first click: inserting it then would restyle every card of a large canvas while the user
 * waits for the panel.
 */
export function PanelStylesWarmup() {
  return (
    <div hidden aria-hidden="true">
      <Drawer>
        <DrawerHeader />
        <Section $open>
          <SectionHeader disabled>
            <Bullet $done />
            <Bullet $done={false} />
          </SectionHeader>
        </Section>
        <Section $open={false} />
        <Body>
          <Row />
          <Muted />
          <Note />
          <ErrorBox />
          <Input readOnly />
          <Tabs value="a" onValueChange={() => undefined}>
            <TabList>
              <Tab value="a" />
              <Tab value="b" />
            </TabList>
          </Tabs>
          <OptionList>
            <GroupHeading />
            <li>
              <OptionButton $selected />
              <OptionButton $selected={false} />
            </li>
          </OptionList>
          <EmptyCard>
            <QuickChoices />
          </EmptyCard>
          <IconButton />
          <Button variant="primary" />
          <Button variant="ghost" />
          <Button variant="primary" disabled />
        </Body>
      </Drawer>
    </div>
  );
}
