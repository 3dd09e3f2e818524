/**
 * The custom-code sandbox's public surface: Python (Pyodide) in a permission-restricted Node
 * child per run, network only through the guarded client. See THREAT-MODEL.md.
 */
export { type Authenticate, sendHostRequest, toHttpRequest } from './host-requests.js';
export {
  configureDefaultSandbox,
  createSandbox,
  getDefaultSandbox,
  type RunCustomCodeInput,
  type Sandbox,
  type SandboxError,
  type SandboxErrorCode,
  type SandboxOptions,
  type SandboxResult,
  type SandboxStats,
} from './runner.js';
