import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_HIDE_MS, Toast, ToastProvider, useToast } from './Toast.js';
import { theme } from './theme.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function ShowButton({ message }: { message: string }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast({ status: 'success', message })}>
      show {message}
    </button>
  );
}

function renderWithToasts() {
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <ShowButton message="Demo CRM integration saved!" />
        <ShowButton message="Second" />
      </ToastProvider>
    </ThemeProvider>,
  );
}

describe('Toast', () => {
  it('hides itself after exactly 3000 ms (editor-core 2.6)', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(3000);
    renderWithToasts();
    fireEvent.click(screen.getByText('show Demo CRM integration saved!'));
    expect(screen.getByRole('status').textContent).toContain('Demo CRM integration saved!');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Demo CRM integration saved!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Demo CRM integration saved!')).toBeNull();
  });

  it('gives a replacing toast its own full 3000 ms', () => {
    renderWithToasts();
    fireEvent.click(screen.getByText('show Demo CRM integration saved!'));
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByText('show Second'));
    expect(screen.queryByText('Demo CRM integration saved!')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Second')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('does not restart its timer when the parent re-renders with a new callback', () => {
    const onHide = vi.fn();
    const view = (
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <Toast status="info" message="Saving" onHide={() => onHide()} />
        </ToastProvider>
      </ThemeProvider>
    );
    const { rerender } = render(view);
    act(() => vi.advanceTimersByTime(2000));
    rerender(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <Toast status="info" message="Saving" onHide={() => onHide()} />
        </ToastProvider>
      </ThemeProvider>,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('announces errors assertively and can be dismissed by the user', () => {
    const onHide = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <Toast status="error" message="Request Failed" onHide={onHide} />
        </ToastProvider>
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Request Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('pauses while the pointer is over it and goes on when it leaves', () => {
    renderWithToasts();
    fireEvent.click(screen.getByText('show Demo CRM integration saved!'));
    act(() => vi.advanceTimersByTime(1000));
    const region = screen.getByRole('region', { name: /Notifications/ });
    fireEvent.pointerMove(region);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status').textContent).toContain('Demo CRM integration saved!');
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Demo CRM integration saved!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Demo CRM integration saved!')).toBeNull();
  });

  it('tells the developer what is missing when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ShowButton message="x" />)).toThrow(/inside <ToastProvider>/);
  });
});
