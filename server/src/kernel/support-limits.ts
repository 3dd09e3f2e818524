/**
 * The figures bounding crash reports and support tickets: rate, size and retention, each with
 * a default and (where an operator would tune it) a variable. The support service enforces
 * the rates and sizes (services/support-limits.ts); the pruner (engine/retention.ts) the
 * retention.
 */
/** The support limits a configuration asks for. */
export interface SupportLimits {
  /** Crash reports accepted per minute over all visitors (ERROR_REPORTS_PER_MINUTE); ten times as many an hour. */
  errorReportsPerMinute: number;
  /** Crash reports one address may send per minute (only with RATE_LIMITS on). */
  errorReportsPerAddress: number;
  /** Characters of a report's error text kept; the rest is cut. */
  errorReportMaxChars: number;
  /** Newest crash reports kept (ERROR_REPORTS_KEEP). */
  errorReportsKeep: number;
  /** Days a crash report is kept (ERROR_REPORTS_KEEP_DAYS). */
  errorReportsKeepDays: number;
  /** Tickets one workspace may file in 24 hours (TICKETS_PER_DAY). */
  ticketsPerDay: number;
  /** Days a ticket is kept (TICKETS_KEEP_DAYS). */
  ticketsKeepDays: number;
}

/** The defaults (README "Configuration", RELIABILITY.md). */
export const DEFAULT_SUPPORT_LIMITS: SupportLimits = {
  errorReportsPerMinute: 60,
  errorReportsPerAddress: 10,
  errorReportMaxChars: 4_000,
  errorReportsKeep: 10_000,
  errorReportsKeepDays: 30,
  ticketsPerDay: 20,
  ticketsKeepDays: 365,
};

/** The limits of a configuration (missing or non-positive values take the defaults). */
export function supportLimits(config: { supportLimits?: Partial<SupportLimits> }): SupportLimits {
  const given = config.supportLimits ?? {};
  const pick = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
  return {
    ...DEFAULT_SUPPORT_LIMITS,
    errorReportsPerMinute: pick(given.errorReportsPerMinute, DEFAULT_SUPPORT_LIMITS.errorReportsPerMinute),
    errorReportsKeep: pick(given.errorReportsKeep, DEFAULT_SUPPORT_LIMITS.errorReportsKeep),
    errorReportsKeepDays: pick(given.errorReportsKeepDays, DEFAULT_SUPPORT_LIMITS.errorReportsKeepDays),
    ticketsPerDay: pick(given.ticketsPerDay, DEFAULT_SUPPORT_LIMITS.ticketsPerDay),
    ticketsKeepDays: pick(given.ticketsKeepDays, DEFAULT_SUPPORT_LIMITS.ticketsKeepDays),
  };
}
