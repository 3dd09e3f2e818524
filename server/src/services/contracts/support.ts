/**
 * Tickets, client error reports, checkout and plans (issue 8).
 * Owned by the onboarding helper (issue 8); add methods here and implement them in `server/src/services/support.ts`.
 */
import type { AuthContext } from '../types.js';

/** Tickets, client error reports, checkout and plans (issue 8). */
export interface SupportService {
  /** Placeholder so the interface is never empty; remove when the first real method lands. */
  readonly _support?: (ctx: AuthContext) => never;
}
