import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { TOKEN_STORAGE_KEY } from '../stores/session.js';

/** The text shown when rendering crashes (onboarding 2, "Editor canvas"). */
export const CRASH_MESSAGE = 'Something broke, please refresh';

/** Receives a render crash; without one, {@link postCrashReport} sends it to the server. */
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
  /** Called once per crash; omitted, the crash is logged and posted by {@link postCrashReport}. */
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
 * Reports a render crash to `onCrash`, else to the console and the server. The route-level
 * notice (RouteErrorNotice.tsx, the one user of the router) calls it too.
 */
export function reportCrash(onCrash: CrashReporter | undefined, error: unknown, componentStack?: string): void {
  if (onCrash) {
    onCrash(error, componentStack);
    return;
  }
  console.error('Junction crashed while rendering', error, componentStack ?? '');
  void postCrashReport(error, componentStack);
}

/** Where {@link postCrashReport} sends the report; the page's own origin unless told. */
export interface CrashReportTarget {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** The signed-in token, when there is one (the report is accepted without). */
  token?: string | null;
}

/**
 * Posts a crash report to `POST /api/error-reports` (onboarding 2: 'Error source' and
 * 'Error'): the page's path as the source, the error with its stacks as the error. Never
 * throws: a report that cannot be sent is dropped.
 */
export async function postCrashReport(
  error: unknown,
  componentStack?: string,
  target: CrashReportTarget = {},
): Promise<boolean> {
  try {
    const location = globalThis.location;
    const baseUrl = target.baseUrl ?? location.origin;
    const token = target.token !== undefined ? target.token : storedToken();
    const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : `${String(error)}`;
    const body = {
      source: `web ${location?.pathname ?? '/'}`.slice(0, 200),
      error: `${text}${componentStack ? `\nComponent stack:${componentStack}` : ''}`.slice(0, 20_000),
    };
    const response = await (target.fetch ?? globalThis.fetch)(`${baseUrl}/api/error-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
