/**
 * What custom code sent (forms-dp 2.10 'Test API Request'): every request the sandbox's
 * `request` / `authenticated_request` helpers made in one run, as sent (secrets redacted), with
 * the answer's status or why it failed. The action's Test tab shows them, so it never says 'no
 * request was sent' when the code sent one.
 */
import type { HttpRequest } from '@junction/core';
import type { HttpClient } from '../security/http-client.js';

/** One request custom code sent, and what came of it. */
export interface CodeRequest {
  /** As sent, secrets redacted. */
  request: HttpRequest;
  /** The answer's status, headers (redacted) and time; absent when the request failed. */
  response?: { status: number; headers: Record<string, string>; durationMs: number };
  /** Why it failed (blocked address, timeout…), secrets redacted; absent when it was answered. */
  error?: string;
}

/** How a recorded request and answer are cleaned of secrets. */
export interface CodeRequestRedaction {
  request(request: HttpRequest): HttpRequest;
  headers(headers: Record<string, string>): Record<string, string>;
  text(text: string): string;
}

/**
 * Wraps the guarded client so each request sent through it is noted in `calls` (in order, at
 * most what the sandbox's request budget lets through); sending itself is unchanged.
 */
export function recordingClient(http: HttpClient, calls: CodeRequest[], redact: CodeRequestRedaction): HttpClient {
  return {
    async send(request) {
      try {
        const response = await http.send(request);
        calls.push({
          request: redact.request(request),
          response: {
            status: response.status,
            headers: redact.headers(response.headers),
            durationMs: response.durationMs,
          },
        });
        return response;
      } catch (error) {
        calls.push({
          request: redact.request(request),
          error: redact.text(error instanceof Error ? error.message : String(error)),
        });
        throw error;
      }
    },
    close: () => http.close(),
  };
}
