import { editorShortcut, TRY_AGAIN_LABEL, UNREACHABLE_TEXT } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { AccessStoreModel } from '../access/access-store.js';
import { refusal, useCan } from '../access/useCan.js';
import { WorkflowCanvasWithProvider } from '../editor/canvas/WorkflowCanvas.js';
import { EditorProvider } from '../editor/editor-context.js';
import { LinkPanelHost } from '../editor/links/LinkPanelHost.js';
import { NO_ACCESS_TEXT } from '../editor/model/editor-base.js';
import { EditorStore, type IEditorStore } from '../editor/model/editor-store.js';
import { readStarterRequest, wantsStarter, withoutStarterParams } from '../editor/model/starters.js';
import { Palette } from '../editor/palette/Palette.js';
import { StepPanelHost } from '../editor/panels/StepPanelHost.js';
import { ConnectionBanner } from '../editor/top-bar/ConnectionBanner.js';
import { ReadOnlyBanner } from '../editor/top-bar/ReadOnlyBanner.js';
import { TopBar } from '../editor/top-bar/TopBar.js';
import { CustomTriggerWizardHost } from '../onboarding/CustomTriggerWizardHost.js';
import { codeModalChunk } from '../onboarding/modal-chunks.js';
import { REMINDER_BELOW_PX, type SignedIn, SignUpFlow, signUpStart } from '../onboarding/onboarding-signup.js';
import type { ITourModel } from '../onboarding/onboarding-tour.js';
import { SignUpModal } from '../onboarding/SignUpModal.js';
import type { TemplateWelcomeProps } from '../onboarding/TemplateWelcome.js';
import { usePageStore, useRootStore } from '../stores/root-store.js';
import {
  browserSessionPlatform,
  type EditorGate,
  editorGate,
  readEditorAddress,
  TOKEN_STORAGE_KEY,
  withParam,
} from '../stores/session.js';
import { Button, Spinner, useToast } from '../ui/index.js';
import { ChunkFailure, lazyChunk, useLazyChunk } from '../ui/lazy-chunk.js';
import { FullScreen } from '../ui/PageShell.js';
import { EditorChatLauncher } from './EditorChatLauncher.js';
import { NoAccessNotice, NoAccessText } from './NoAccessNotice.js';

type TourModule = typeof import('../onboarding/tour-chunk.js');

/** True when a key press comes from a text box, whose own undo, redo and Delete are kept. */
function isTextBox(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** True while a modal dialog, a menu or a popup is open: Escape is theirs to close first. */
function hasOpenPopup(): boolean {
  return (
    document.querySelector(
      '[role="dialog"][aria-modal="true"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]',
    ) !== null
  );
}

// A shared template's welcome is a chunk of its own: only `?template_id=` addresses show it, and
// it asks the server for the template first anyway (the editor's first load goes without it).
const templateWelcomeChunk = lazyChunk(() => import('../onboarding/TemplateWelcome.js'));

/** {@link TemplateWelcome} once its chunk is in; a failed download says so with 'Try again'. */
function TemplateWelcomeHost(props: TemplateWelcomeProps) {
  const { module, isFailed, retry } = useLazyChunk(templateWelcomeChunk);
  if (isFailed) return <ChunkFailure what="The shared template" onRetry={retry} />;
  return module ? <module.TemplateWelcome {...props} /> : null;
}

/** The page's heading for screen readers; the name field shows the workflow's name. */
const HiddenHeading = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Body = styled.main`
  position: relative;
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Centered = styled.main`
  display: grid;
  place-items: center;
  height: 100vh;
  padding: ${({ theme }) => theme.space(6)};
`;

const LinkChoices = styled.span`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  justify-content: center;
  align-items: center;
  margin-top: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.body};
`;

/** Opens the same address again (the session is in the link's workspace now). */
function reloadPage(): void {
  window.location.reload();
}

/** What opens first: the editor when a session is at hand (`c`, a stored token or the client's own), else onboarding 2's rule on `u` and `template_id`. */
function firstGate(hasClientToken: boolean): EditorGate {
  if (typeof window === 'undefined') return hasClientToken ? 'session' : 'sign-up';
  const hasSession = window.localStorage.getItem(TOKEN_STORAGE_KEY) !== null || hasClientToken;
  return editorGate(readEditorAddress(window.location.search), hasSession);
}

/**
 * Opens the address's workflow from the boot-time GET when it has answered already, for the
 * stored session (no `c` to exchange, no template); else the page's effect loads it.
 */
function openArrivedWorkflow(editor: IEditorStore): void {
  if (typeof window === 'undefined') return;
  const { id, exchangeToken, templateId } = readEditorAddress(window.location.search);
  const token = window.localStorage.getItem(TOKEN_STORAGE_KEY);
  if (id && token && !exchangeToken && !templateId) editor.openArrived(id, token);
}

/**
 * The workflow editor page at '/' (editor-core 2, onboarding 2 "Editor canvas"): establishes
 * the session from `c` or local storage, opens workflow `id` (or creates one and puts its id
 * in the address), autosaves, and shows the top bar and canvas; a failed load shows the
 * no-access text.
 */
export const EditorPage = observer(function EditorPage() {
  const root = useRootStore();
  const { showToast } = useToast();
  const [editor] = useState<IEditorStore>(() =>
    root.createModel(EditorStore, {}, { notifyError: (message: string) => showToast({ status: 'error', message }) }),
  );
  const [gate, setGate] = useState<EditorGate>(() => {
    const first = firstGate(editor.hasToken());
    // The boot-time GET has usually answered by now: the first render then shows the workflow.
    if (first === 'session') openArrivedWorkflow(editor);
    return first;
  });
  const isSignedOut = gate !== 'session';
  // A role that may not edit (a viewer) sees the workflow read-only: core's reason, no saves.
  const editRefusal = refusal(useCan('workflow.edit'));
  useEffect(() => editor.setReadOnlyReason(editRefusal ?? null), [editor, editRefusal]);
  // The role is read again once the workflow has loaded: by then the session's token is set
  // (the first read may have gone out before the session was established).
  const access = usePageStore(AccessStoreModel);
  const isLoaded = editor.isLoaded;
  useEffect(() => {
    if (isLoaded) void access.load(true);
  }, [access, isLoaded]);
  // onboarding 2, 4: after a sign-up the four-digit code modal shows over the editor.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const codeModal = useLazyChunk(codeModalChunk, codeFor !== null);
  // onboarding 4: the guided tour follows a sign-up (unless a starter was asked for) or `tour=1`.
  // The tour is a chunk of its own (`tour-chunk.ts`), loaded when one is to open.
  const [tour, setTour] = useState<{ model: ITourModel; module: TourModule } | null>(null);
  const isTourAfterCode = useRef(false);
  // A sign-in from the modal already said whether the code is needed (the grant's user).
  const isVerificationKnown = useRef(false);
  const openTour = useCallback(() => {
    if (!editor.isLoaded) return;
    const workflowId = editor.wf.id;
    void import('../onboarding/tour-chunk.js').then((module) => {
      if (module.wasTourSeen(window.localStorage, workflowId)) return;
      const deps = { fetch: window.fetch.bind(window), storage: window.localStorage };
      setTour({ module, model: root.createModel(module.TourModel, { workflowId }, deps) });
    });
  }, [root, editor]);
  const [signUp] = useState(() =>
    root.createModel(SignUpFlow, signUpStart(typeof window !== 'undefined' && window.innerWidth < REMINDER_BELOW_PX), {
      invitationToken: typeof window === 'undefined' ? null : readEditorAddress(window.location.search).invitationToken,
      onSignedIn: async (grant: SignedIn) => {
        const platform = browserSessionPlatform();
        platform.storage.setItem(TOKEN_STORAGE_KEY, grant.token);
        editor.keepToken(grant.token);
        const address = readEditorAddress(platform.readSearch());
        const asksNothing = !address.id && !address.templateId && !wantsStarter(platform.readSearch());
        // The draft made at sign-up opens unless the address asks for something else.
        if (grant.workflowId && asksNothing) {
          platform.replaceSearch(withParam(platform.readSearch(), 'id', grant.workflowId));
        } else if (asksNothing) {
          // A returning user goes back to their newest workflow, not to a new blank one.
          // Without the list a new workflow opens, as for any address without an id.
          const newest = await editor.newestWorkflowId();
          if (newest) platform.replaceSearch(withParam(platform.readSearch(), 'id', newest));
        }
        isTourAfterCode.current = !wantsStarter(platform.readSearch()) && !address.templateId;
        isVerificationKnown.current = true;
        if (grant.needsCode) setCodeFor(signUp.email.trim());
        setGate('session');
      },
    }),
  );
  useEffect(() => {
    // onboarding 2: an address with `u` names a user who has an account: the modal's log-in opens.
    if (gate === 'log-in' && signUp.phase === 'email') signUp.show('login');
  }, [gate, signUp]);
  useEffect(() => {
    // A fresh installation has no owner yet: its first visit is the set-up page, not sign-up.
    if (gate !== 'sign-up') return;
    void signUp.needsSetUp().then((needsSetUp) => {
      if (needsSetUp) window.location.replace('/setup');
    });
  }, [gate, signUp]);
  const [token, setToken] = useState<string | null>(null);
  /** Why a starter or template link could not open (onboarding 2, editor-core 4.9). */
  const [openFailure, setOpenFailure] = useState<string | null>(null);
  const hasStarted = useRef(false);

  useEffect(() => {
    // Opened from the boot-time GET in the first render: this page is now the one on screen,
    // so the root lets go of that answer (until now a thrown-away render's store could read it).
    if (editor.isLoaded) editor.releaseBootWorkflow();
    // StrictMode runs effects twice; the one-time `c` must be exchanged once.
    if (isSignedOut || hasStarted.current) return;
    hasStarted.current = true;
    const platform = browserSessionPlatform();
    void (async () => {
      let sessionToken: string | null;
      try {
        sessionToken = await editor.establishSession(platform);
        setToken(sessionToken);
      } catch {
        // A used or expired `c` cannot open anything.
        editor.setLoadPhase('failed');
        return;
      }
      // onboarding 4: an account that has not entered its code gets the code modal on every
      // load until it does (asked alongside the workflow's load, not before it).
      if (sessionToken && !isVerificationKnown.current) {
        void editor.unverifiedEmail().then((email) => {
          if (email) setCodeFor((current) => current ?? email);
        });
      }
      const { id, templateId } = readEditorAddress(platform.readSearch());
      if (templateId) {
        // editor-core 4.9: the template becomes a new workflow, whose id replaces template_id.
        const accepted = await editor.acceptTemplate(templateId);
        if ('id' in accepted) {
          platform.replaceSearch(
            withParam(withParam(platform.readSearch(), 'template_id', null), 'id', accepted.id ?? null),
          );
          editor.startAutosave();
          return;
        }
        // A link that fails leaves nothing behind: no blank workflow is made in its place.
        setOpenFailure(accepted.failure);
        return;
      }
      const starter = id ? null : readStarterRequest(platform.readSearch());
      if (id) {
        // Already open when the boot-time GET had answered before the first render.
        if (!(editor.isLoaded && editor.wf.id === id)) await editor.load(id);
      } else if (starter) {
        // onboarding 2: a starter and/or preselected apps become a new workflow.
        const opened = await editor.openStarter(starter);
        if (!('id' in opened)) {
          // A link that fails leaves nothing behind: no blank workflow is made in its place.
          setOpenFailure(opened.failure);
          return;
        }
        platform.replaceSearch(withParam(withoutStarterParams(platform.readSearch()), 'id', opened.id ?? null));
      } else {
        const newId = await editor.create();
        if (newId) platform.replaceSearch(withParam(platform.readSearch(), 'id', newId));
      }
      if (editor.isLoaded) editor.startAutosave();
      // A run's replay links the version it ran (`&version=3`): it opens read-only on the canvas.
      const version = Number(new URLSearchParams(platform.readSearch()).get('version'));
      if (editor.isLoaded && Number.isInteger(version) && version > 0)
        void editor.openVersion(version).catch(() => undefined);
      if (new URLSearchParams(platform.readSearch()).get('tour') === '1') openTour();
    })();
  }, [editor, isSignedOut, openTour]);

  useEffect(() => () => editor.stopAutosave(), [editor]);

  useEffect(() => {
    // The editor's shortcuts (core's editorShortcut): Ctrl or Cmd + S saves and says so
    // (onboarding 2); Ctrl/Cmd + Z undoes and Ctrl/Cmd + Shift + Z redoes (editor-core 4.3)
    // outside a text box; Escape closes the step panel unless a dialog or a popup is open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (!editor.isLoaded || event.defaultPrevented) return;
      const command = editorShortcut(event, isTextBox(event.target));
      if (command === 'save') {
        event.preventDefault();
        void editor.saveNow().then(() => {
          if (editor.savePhase !== 'saveFailed') {
            showToast({ status: 'success', message: `${editor.wf.name} was auto-saved` });
          }
        });
      } else if (command === 'undo' || command === 'redo') {
        event.preventDefault();
        if (command === 'undo' && editor.wf.canUndo) editor.wf.undo();
        if (command === 'redo' && editor.wf.canRedo) editor.wf.redo();
      } else if (command === 'close' && editor.selectedStepId !== null && !hasOpenPopup()) {
        editor.select(null);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor, showToast]);

  if (gate === 'template') {
    // onboarding 2: with a template_id the sign-up modal does not open by itself; the shared
    // template is presented and 'Use this template' leads to sign-up (or 'Log in').
    const { templateId } = readEditorAddress(window.location.search);
    return (
      <Centered aria-label="Shared template">
        <HiddenHeading>Workflow Editor</HiddenHeading>
        <TemplateWelcomeHost
          templateId={templateId ?? ''}
          onChoose={(phase) => {
            if (signUp.phase !== 'reminder') signUp.show(phase);
            setGate('sign-up');
          }}
        />
      </Centered>
    );
  }
  if (isSignedOut) {
    // onboarding 2: without a session the sign-up modal opens (on its log-in screen when the
    // address names a user with `u`).
    return (
      <Centered aria-label="Sign up">
        <HiddenHeading>Workflow Editor</HiddenHeading>
        <SignUpModal flow={signUp} />
      </Centered>
    );
  }
  if (editor.loadPhase === 'failed' && editor.loadFailedUnreachable) {
    return (
      <Centered>
        <NoAccessText role="alert">
          {editor.loadProblem?.text ?? UNREACHABLE_TEXT}
          <br />
          <Button onClick={() => window.location.reload()} style={{ marginTop: 16 }}>
            {TRY_AGAIN_LABEL}
          </Button>
        </NoAccessText>
      </Centered>
    );
  }
  if (openFailure !== null) {
    return (
      <Centered aria-label="Link could not be opened">
        <NoAccessText role="alert">
          {openFailure}
          <br />
          Nothing was created.
          <LinkChoices>
            <a href="/workflows">Go to my workflows</a>
            <Button
              variant="ghost"
              onClick={async () => {
                setOpenFailure(null);
                const platform = browserSessionPlatform();
                const search = withoutStarterParams(withParam(platform.readSearch(), 'template_id', null));
                const newId = await editor.create();
                if (newId) platform.replaceSearch(withParam(search, 'id', newId));
                if (editor.isLoaded) editor.startAutosave();
              }}
            >
              Start a blank workflow
            </Button>
          </LinkChoices>
        </NoAccessText>
      </Centered>
    );
  }
  if (editor.loadPhase === 'failed') {
    // A link into another workspace of this account switches to it and opens the workflow there.
    return (
      <Centered>
        <NoAccessNotice
          text={NO_ACCESS_TEXT}
          linkTenantId={readEditorAddress(window.location.search).tenantId}
          onSwitched={reloadPage}
        />
      </Centered>
    );
  }
  if (!editor.isLoaded) {
    return (
      <Centered aria-busy="true">
        <Spinner label="Loading workflow" />
      </Centered>
    );
  }
  return (
    <EditorProvider store={editor}>
      <FullScreen>
        <HiddenHeading>Workflow Editor</HiddenHeading>
        <TopBar token={token} />
        <ConnectionBanner />
        <ReadOnlyBanner />
        <Body>
          {!editor.readOnlyReason && <Palette />}
          <WorkflowCanvasWithProvider />
          <StepPanelHost />
          <LinkPanelHost />
          <CustomTriggerWizardHost />
        </Body>
      </FullScreen>
      <EditorChatLauncher editor={editor} />
      {codeFor !== null && codeModal.module && (
        <codeModal.module.CodeModal
          email={codeFor}
          onVerified={() => {
            setCodeFor(null);
            if (isTourAfterCode.current) openTour();
          }}
        />
      )}
      {codeFor !== null && codeModal.isFailed && (
        <ChunkFailure what="The verification code form" onRetry={codeModal.retry} />
      )}
      {tour && codeFor === null && <tour.module.GuidedTour tour={tour.model} />}
    </EditorProvider>
  );
});
