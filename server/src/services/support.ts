/** Implements the SupportService contract (./contracts/support.ts). */
import type { SupportService } from './contracts/support.js';
import type { PlatformDeps } from './platform.js';

/** Builds the support service. */
export function createSupportService(_deps: PlatformDeps): SupportService {
  return {};
}
