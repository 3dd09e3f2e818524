/** Tables of the onboarding helper: tickets, error reports, checkout. Add each table here and create it in its migration. */

/** Tables of the onboarding helper: tickets, error reports, checkout. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by its owner; the Database interface extends it.
export interface SupportTables {}
