import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRASH_MESSAGE, ErrorBoundary, postCrashReport } from './ErrorBoundary.js';
import { RouteErrorNotice } from './RouteErrorNotice.js';

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

  it('posts the crash report (source and error) to /api/error-reports, with the token when signed in', async () => {
    const received: { url?: string; auth?: string; body: unknown }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: request.url,
          auth: request.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const sent = await postCrashReport(new Error('render failed'), '\n    at Canvas', {
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'tok-1',
      });
      expect(sent).toBe(true);
      expect(received).toHaveLength(1);
      const [report] = received;
      expect(report.url).toBe('/api/error-reports');
      expect(report.auth).toBe('Bearer tok-1');
      const body = report.body as { source: string; error: string };
      expect(body.source).toBe(`web ${window.location.pathname}`);
      expect(body.error).toMatch(/^Error: render failed\n/);
      expect(body.error).toContain('Component stack:\n    at Canvas');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('drops a report that cannot be sent, without throwing', async () => {
    expect(await postCrashReport('boom', undefined, { baseUrl: 'http://127.0.0.1:9', token: null })).toBe(false);
  });
});
