import { type ApiClient, ApiError, PROBLEM_MESSAGES } from '@junction/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders.js';
import { createRootStore } from '../stores/root-store.js';
import { useToast } from '../ui/index.js';
import { toastViewChunk } from '../ui/Toast.js';
import { TicketForm } from './TicketForm.js';

// The toast's region as a page has it after its first toast (ui/Toast.tsx fetches it then).
beforeAll(() => toastViewChunk.load());

afterEach(cleanup);

function renderWith(api: ApiClient, ui: React.ReactNode) {
  render(<AppProviders store={createRootStore({ api })}>{ui}</AppProviders>);
}

function ticketApi(post: (body: unknown) => unknown) {
  const sent: unknown[] = [];
  const api = {
    get: async () => ({ email: 'ada@example.com' }),
    post: async (_path: string, init: { body: unknown }) => {
      sent.push(init.body);
      return post(init.body);
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe('support-ticket panel (onboarding 2, 4, 5)', () => {
  it("enables submit with both fields, sends 'App - event', then shows the success text and Close", async () => {
    const { api, sent } = ticketApi(() => ({ id: 't1', createdAt: '2026-11-24T00:00:00Z' }));
    const onClose = vi.fn();
    renderWith(api, <TicketForm app="Demo CRM" onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'New invoice' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'When an invoice is created.' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('A ticket was successfully created.')).toBeTruthy();
    expect(sent).toEqual([
      {
        editor_url: window.location.href,
        email: 'ada@example.com',
        title: 'Demo CRM - New invoice',
        content: 'When an invoice is created.',
        app: 'Demo CRM',
        event: 'New invoice',
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a failure instead of only logging it, and keeps what was typed', async () => {
    const { api } = ticketApi(() => {
      throw new ApiError({
        type: 'about:blank',
        code: 'server.unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: 'Database down.',
      });
    });
    renderWith(api, <TicketForm />);
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'New invoice' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The server's detail of a 503 is not shown: core's message table words the code.
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The ticket could not be created: ${PROBLEM_MESSAGES['server.unavailable'].text}`,
    );
    expect((screen.getByLabelText('Event') as HTMLInputElement).value).toBe('New invoice');
  });
});

function ShowToast({ autoHideMs }: { autoHideMs?: number }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast({ status: 'success', message: 'Manual run complete', autoHideMs })}>
      show
    </button>
  );
}

describe('onboarding toasts (onboarding 8: 6000 ms)', () => {
  it('stay 6000 ms when asked, 3000 ms otherwise', () => {
    vi.useFakeTimers();
    try {
      renderWith({} as ApiClient, <ShowToast autoHideMs={6000} />);
      fireEvent.click(screen.getByRole('button', { name: 'show' }));
      act(() => vi.advanceTimersByTime(5900));
      expect(screen.queryByText('Manual run complete')).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText('Manual run complete')).toBeNull();
      cleanup();
      renderWith({} as ApiClient, <ShowToast />);
      fireEvent.click(screen.getByRole('button', { name: 'show' }));
      act(() => vi.advanceTimersByTime(3100));
      expect(screen.queryByText('Manual run complete')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
