import { type ReactNode, useEffect, useState } from 'react';

/** The window event that opens the wizard: `detail` = { app?: string, offerSeen?: boolean }. */
export const CUSTOM_TRIGGER_EVENT = 'junction:custom-trigger';

type WizardModule = typeof import('./CustomTriggerWizard.js');
type Request = { detail: { app?: string; offerSeen?: boolean }; serial: number };

/**
 * Mounts the custom-trigger wizard (onboarding 2 "Custom-trigger wizard") when the
 * `junction:custom-trigger` event asks for it. The wizard is a chunk of its own, fetched on the
 * first request: opening a workflow never needs it (initial JavaScript, BENCHMARKS.md "Editor").
 */
export function CustomTriggerWizardHost(): ReactNode {
  const [wizardModule, setWizardModule] = useState<WizardModule | null>(null);
  const [request, setRequest] = useState<Request | null>(null);
  useEffect(() => {
    let isMounted = true;
    const open = (event: Event) => {
      const detail = ((event as CustomEvent).detail ?? {}) as Request['detail'];
      void import('./CustomTriggerWizard.js').then((module) => {
        if (!isMounted) return;
        setWizardModule(() => module);
        // A new request replaces an open wizard with a fresh one (the key changes).
        setRequest((current) => ({ detail, serial: (current?.serial ?? 0) + 1 }));
      });
    };
    window.addEventListener(CUSTOM_TRIGGER_EVENT, open);
    return () => {
      isMounted = false;
      window.removeEventListener(CUSTOM_TRIGGER_EVENT, open);
    };
  }, []);
  if (!wizardModule || !request) return null;
  const { CustomTriggerWizardMount } = wizardModule;
  return <CustomTriggerWizardMount key={request.serial} request={request.detail} onDone={() => setRequest(null)} />;
}
