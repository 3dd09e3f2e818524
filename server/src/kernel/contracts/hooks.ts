/** The HookHandshakes contract: what `/hooks/{key}` asks before a delivery is recorded (implemented by integrations/hooks/handshakes.ts). */

/** The parts of a request the handshakes read. */
export interface HookRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  /** The body exactly as received (HMAC), when there was one. */
  rawBody?: string;
  body: unknown;
}

/** What to do with a request. */
export type HookVerdict =
  /** A handshake: answer this and start nothing. */
  | { kind: 'answer'; status: number; headers?: Record<string, string>; type?: string; body?: string }
  /** A delivery this trigger does not want (Trello's other actions, Asana's heartbeat). */
  | { kind: 'ignore'; reason: string }
  /** A delivery to record. */
  | { kind: 'deliver' };

/** The handshakes service. */
export interface HookHandshakes {
  /**
   * Called right before Junction asks an app to subscribe `key`, following the webhook trigger
   * `event` of the app (else its only webhook trigger) as core's format declares it:
   * `webhookHandshake` 'hook-secret' opens the handshake window; 'client-state' makes a fresh
   * clientState (stored sealed) and an expiry, returned in the values as `clientState` and
   * `expirationDateTime`; a `webhookFilter` is stored for `inspect`. Otherwise the values unchanged.
   */
  prepareSubscription(
    tenantId: string,
    key: string,
    appSlug: string,
    values: Record<string, unknown>,
    event?: string,
  ): Promise<Record<string, unknown>>;
  /** Decides what a request to `/hooks/{key}` is; throws a 401/403/404 Problem for a refused one. */
  inspect(key: string, request: HookRequest): Promise<HookVerdict>;
  /** Forgets a hook's secrets (its subscription was removed). */
  forget(key: string): Promise<void>;
}
