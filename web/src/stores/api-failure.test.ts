import { ApiError, createNetworkError, PROBLEM_MESSAGES, UNREACHABLE_TEXT } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { failureText } from './api-failure.js';

const problem = (status: number, code: string, detail?: string) =>
  new ApiError({ type: 'about:blank', title: 'Title', status, code, detail });

describe('failureText', () => {
  it("words an API failure by core's message table, after the screen's lead", () => {
    expect(failureText(problem(501, 'server.not_implemented'), 'The app list could not be loaded.')).toBe(
      `The app list could not be loaded. ${PROBLEM_MESSAGES['server.not_implemented'].text}`,
    );
    expect(failureText(problem(400, 'request.invalid', 'Name is required.'))).toBe('Name is required.');
  });

  it('says the one unreachable sentence alone, whatever the lead', () => {
    expect(failureText(createNetworkError(new TypeError('fetch failed')), 'Saving failed.')).toBe(UNREACHABLE_TEXT);
  });

  it("reads a screen's own Error as its message", () => {
    expect(failureText(new Error('This file is not a Junction workflow.'))).toBe(
      'This file is not a Junction workflow.',
    );
  });
});
