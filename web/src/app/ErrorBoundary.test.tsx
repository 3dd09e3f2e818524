import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRASH_MESSAGE, ErrorBoundary, RouteErrorNotice } from './ErrorBoundary.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('crash handling', () => {
  it('shows "Something broke, please refresh" and reports the crash once', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onCrash = vi.fn();
    render(
      <ErrorBoundary onCrash={onCrash}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something broke, please refresh');
    expect(CRASH_MESSAGE).toBe('Something broke, please refresh');
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), expect.any(String));
  });

  it('shows the same notice when a page inside the router crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorNotice /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert').textContent).toBe(CRASH_MESSAGE);
  });

  it('renders its children when nothing crashes', () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByText(CRASH_MESSAGE)).toBeNull();
  });
});
