import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { CrashNotice, type CrashReporter, reportCrash } from './ErrorBoundary.js';

/**
 * The route-level crash notice: a data router catches errors in pages itself, so this
 * element shows the same notice as the ErrorBoundary for them. Kept apart from
 * ErrorBoundary.tsx so the providers (and the router-less form entry) do not import the router.
 */
export function RouteErrorNotice({ onCrash }: { onCrash?: CrashReporter }) {
  const error = useRouteError();
  useEffect(() => reportCrash(onCrash, error), [onCrash, error]);
  return <CrashNotice />;
}
