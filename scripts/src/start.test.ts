import { describe, expect, it } from 'vitest';
import { runStart } from './start.js';

function capture() {
  const lines: string[] = [];
  return { io: { stderr: (t: string) => void lines.push(t) }, lines };
}

describe('runStart', () => {
  it('explains that the server is not built when the package cannot be found', async () => {
    const { io, lines } = capture();
    const code = await runStart(io, async () => {
      throw Object.assign(new Error("Cannot find module '@junction/server'"), { code: 'ERR_MODULE_NOT_FOUND' });
    });
    expect(code).toBe(1);
    expect(lines.join('')).toBe(
      'junction start: the server is not built (server/dist is missing). Run `npm run build` in the repository first.\n',
    );
  });

  it('calls the exported startServer', async () => {
    const { io, lines } = capture();
    let calls = 0;
    const code = await runStart(io, async (specifier) => {
      expect(specifier).toBe('@junction/server');
      return {
        startServer: async () => {
          calls++;
        },
      };
    });
    expect(code).toBe(0);
    expect(calls).toBe(1);
    expect(lines).toEqual([]);
  });

  it('reports a server that fails to start', async () => {
    const { io, lines } = capture();
    const code = await runStart(io, async () => ({
      main: async () => {
        throw new Error('port 5000 in use');
      },
    }));
    expect(code).toBe(1);
    expect(lines.join('')).toBe('junction start: the server could not start: port 5000 in use\n');
  });
});
