import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyChunk } from './lazy-chunk.js';
import { TOAST_AUTO_HIDE_MS, ToastProvider, toastViewChunk, useToast } from './Toast.js';
import { Toast, ToastRegion } from './ToastView.js';
import { theme } from './theme.js';

// The region's chunk as a page has it after its first toast (the tests below time the toast,
// not the download; 'the first toast' below shows the way before the chunk is in).
beforeAll(() => toastViewChunk.load());
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
        <ToastRegion>
          <Toast status="info" message="Saving" onHide={() => onHide()} />
        </ToastRegion>
      </ThemeProvider>
    );
    const { rerender } = render(view);
    act(() => vi.advanceTimersByTime(2000));
    rerender(
      <ThemeProvider theme={theme}>
        <ToastRegion>
          <Toast status="info" message="Saving" onHide={() => onHide()} />
        </ToastRegion>
      </ThemeProvider>,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('announces errors assertively and can be dismissed by the user', () => {
    const onHide = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <ToastRegion>
          <Toast status="error" message="Request Failed" onHide={onHide} />
        </ToastRegion>
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

  it("shows the first toast once the region's chunk has arrived", async () => {
    let arrive: (module: typeof import('./ToastView.js')) => void = () => undefined;
    const chunk = lazyChunk(() => new Promise<typeof import('./ToastView.js')>((resolve) => (arrive = resolve)));
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider regionChunk={chunk}>
          <ShowButton message="Saved" />
        </ToastProvider>
      </ThemeProvider>,
    );
    // No region before the first toast: the page's first load has no Radix Toast.
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    fireEvent.click(screen.getByText('show Saved'));
    expect(screen.queryByText('Saved')).toBeNull();
    await act(async () => arrive(await toastViewChunk.load()));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('region', { name: /Notifications/ })).not.toBeNull();
  });

  it("still says the message, for its 3000 ms, when the region's chunk did not download", async () => {
    const chunk = lazyChunk<typeof import('./ToastView.js')>(() => Promise.reject(new Error('offline')));
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider regionChunk={chunk}>
          <ShowButton message="Saved" />
        </ToastProvider>
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByText('show Saved'));
    await act(async () => undefined);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('tells the developer what is missing when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ShowButton message="x" />)).toThrow(/inside <ToastProvider>/);
  });

  it('does not follow the user to another page: a link or Back hides it, a new tab does not', () => {
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <ShowButton message="Contact added" />
          <a href="/demo-crm?tab=api" onClick={(event) => event.preventDefault()}>
            Settings → API
          </a>
          <a href="/docs" target="_blank" rel="noreferrer" onClick={(event) => event.preventDefault()}>
            User guide
          </a>
        </ToastProvider>
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByText('show Contact added'));
    fireEvent.click(screen.getByText('User guide'));
    expect(screen.queryByText('Contact added')).not.toBeNull();
    fireEvent.click(screen.getByText('Settings → API'));
    expect(screen.queryByText('Contact added')).toBeNull();

    fireEvent.click(screen.getByText('show Contact added'));
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByText('Contact added')).toBeNull();
  });
});
