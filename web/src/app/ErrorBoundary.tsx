import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import styled from 'styled-components';

/** The text shown when rendering crashes (onboarding 2, "Editor canvas"). */
export const CRASH_MESSAGE = 'Something broke, please refresh';

/** Receives a render crash; the client error report (onboarding 2) plugs in here. */
export type CrashReporter = (error: unknown, componentStack?: string) => void;

const Notice = styled.div`
  max-width: 640px;
  margin: 96px auto;
  padding: 24px;
  text-align: center;
  font-size: 18px;
  font-weight: 600;
`;

/** Renders the crash notice. */
export function CrashNotice() {
  return (
    <Notice role="alert">
      <p>{CRASH_MESSAGE}</p>
    </Notice>
  );
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called once per crash; omitted, the crash is only logged to the console. */
  onCrash?: CrashReporter;
}

/**
 * Catches render errors below it and shows 'Something broke, please refresh' instead of a
 * blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { hasCrashed: boolean }> {
  override state = { hasCrashed: false };

  static getDerivedStateFromError(): { hasCrashed: boolean } {
    return { hasCrashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportCrash(this.props.onCrash, error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    return this.state.hasCrashed ? <CrashNotice /> : this.props.children;
  }
}

/**
 * The route-level crash notice: a data router catches errors in pages itself, so this
 * element shows the same notice as {@link ErrorBoundary} for them.
 */
export function RouteErrorNotice({ onCrash }: { onCrash?: CrashReporter }) {
  const error = useRouteError();
  useEffect(() => reportCrash(onCrash, error), [onCrash, error]);
  return <CrashNotice />;
}

function reportCrash(onCrash: CrashReporter | undefined, error: unknown, componentStack?: string): void {
  if (onCrash) onCrash(error, componentStack);
  else console.error('Junction crashed while rendering', error, componentStack ?? '');
}
