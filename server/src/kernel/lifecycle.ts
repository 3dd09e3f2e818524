/** A service with background work (queues, timers, pollers): started after migrations, closed with the app. */
export interface Lifecycle {
  start(): Promise<void>;
  close(): Promise<void>;
}
