import { observer } from 'mobx-react-lite';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';

// The panels (and their JSON viewer) are a chunk of their own, kept out of the initial
// JavaScript; the host fetches it once the editor is shown and the browser is idle.
const loadStepPanel = () => import('./StepPanel.js');
const StepPanel = lazy(() => loadStepPanel().then((module) => ({ default: module.StepPanel })));
const PanelStylesWarmup = lazy(() => loadStepPanel().then((module) => ({ default: module.PanelStylesWarmup })));

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

/** The window event telling that an app's definition changed: `detail` = { app: slug }. */
export const APP_CHANGED_EVENT = 'junction:app-changed';

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
    // Once the browser is idle after the canvas has painted: fetching the chunk and putting its
    // styles in the page stay off the path of opening a workflow, yet are done before most
    // first clicks (a click before that loads the panel on demand).
    const warm = () => {
      void loadStepPanel();
      setWarm(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(warm, 300);
    return () => window.clearTimeout(handle);
  }, []);
  const stepId = editor.selectedStepId;
  const step = stepId && editor.isLoaded ? editor.wf.stepById(stepId) : undefined;
  if (!step || (step.kind !== 'trigger' && step.kind !== 'action')) {
    return isWarm ? (
      <Suspense fallback={null}>
        <PanelStylesWarmup />
      </Suspense>
    ) : null;
  }
  const onCrash = (error: unknown) => {
    editor.reportPanelCrash(error);
    showToast({ status: 'error', message: PANEL_CRASH_TEXT });
    editor.select(null);
  };
  return (
    <PanelBoundary key={step.id} onCrash={onCrash}>
      <Suspense fallback={null}>
        <StepPanel key={step.id} stepId={step.id} catalog={catalog} />
      </Suspense>
    </PanelBoundary>
  );
});
