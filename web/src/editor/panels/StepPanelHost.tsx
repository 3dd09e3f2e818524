import { observer } from 'mobx-react-lite';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { useToast } from '../../ui/index.js';
import { useLazyChunk } from '../../ui/lazy-chunk.js';
import { APP_CHANGED_EVENT, useEditor } from '../editor-context.js';
import { FailedPanelDrawer } from '../FailedPanelDrawer.js';
import { whenIdle } from '../when-idle.js';
import { stepPanelChunk } from './step-panel-chunk.js';

// The panels are a chunk of their own (step-panel-chunk.ts), kept out of the initial
// JavaScript; the host fetches it once the editor is shown and the browser is idle. It is drawn
// as soon as it is there, without `React.lazy` and Suspense: a Suspense boundary holds its
// content back up to 300 ms after its fallback showed, which made every first click on a step
// take 300 ms more than the next ones (BENCHMARKS.md "Editor").

/** Shown when a panel fails to render (editor-core 8 "Panel render failure"). */
export const PANEL_CRASH_TEXT = 'This panel ran into a problem and was closed. The error was reported.';

class PanelBoundary extends Component<
  { onCrash: (error: unknown) => void; children: ReactNode },
  { crashed: boolean }
> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onCrash(error);
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}

/**
 * Where the step panels mount (editor-core 2.8, 2.9): the selected trigger or action step's
 * panel at the right of the canvas. A panel that fails to render is reported and closed.
 */
export const StepPanelHost = observer(function StepPanelHost() {
  const editor = useEditor();
  const { showToast } = useToast();
  const { catalog } = editor;
  const [isWarm, setWarm] = useState(false);
  useEffect(() => {
    // onboarding 4: a custom trigger was added to an app; its event list is read again.
    const changed = (event: Event) => {
      const slug = ((event as CustomEvent).detail as { app?: string } | null)?.app;
      if (slug) catalog.forget(slug);
    };
    window.addEventListener(APP_CHANGED_EVENT, changed);
    return () => window.removeEventListener(APP_CHANGED_EVENT, changed);
  }, [catalog]);
  useEffect(() => {
    if (!editor.isLoaded) return;
    // Once the browser is idle after the canvas has painted, what the first click would
    // otherwise wait for: the panels' chunk, and the workflow's step map, which the first
    // `stepById` builds by creating the model node of every step (tens of ms at 1,000 steps);
    // later lookups reuse the nodes. A click before that loads the panel on demand.
    return whenIdle(
      () => {
        setWarm(true);
        editor.wf.stepById('');
      },
      2000,
      300,
    );
  }, [editor, editor.isLoaded]);
  const stepId = editor.selectedStepId;
  const step = stepId && editor.isLoaded ? editor.wf.stepById(stepId) : undefined;
  const isPanelStep = !!step && (step.kind === 'trigger' || step.kind === 'action');
  const chunk = useLazyChunk(stepPanelChunk, isWarm || isPanelStep);
  const module = chunk.module ?? stepPanelChunk.loaded();
  const { isFailed, retry } = chunk;
  if (!step || !isPanelStep) {
    // The panel's styles go into the page while nothing is selected (see PanelStylesWarmup).
    return module ? <module.PanelStylesWarmup /> : null;
  }
  if (isFailed && !module) {
    return (
      <FailedPanelDrawer
        label="Step settings"
        what="The step panel"
        onRetry={retry}
        onClose={() => editor.select(null)}
      />
    );
  }
  if (!module) return null;
  const onCrash = (error: unknown) => {
    editor.reportPanelCrash(error);
    showToast({ status: 'error', message: PANEL_CRASH_TEXT });
    editor.select(null);
  };
  return (
    <PanelBoundary key={step.id} onCrash={onCrash}>
      <module.StepPanel key={step.id} stepId={step.id} catalog={catalog} />
    </PanelBoundary>
  );
});
