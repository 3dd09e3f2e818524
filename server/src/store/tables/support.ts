/** Tables of support: tickets, client error reports, checkout sessions. */

/** `tickets`: support tickets (onboarding 3 "Support ticket"). */
export interface TicketsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  email: string;
  title: string;
  content: string;
  editor_url: string;
  app: string | null;
  event: string | null;
  /** 1 once sent to SUPPORT_EMAIL by SMTP. */
  mailed: number;
  created_at: string;
}

/** `error_reports`: browser crash reports ('Error source', 'Error'; editor-core 7.6). */
export interface ErrorReportsTable {
  id: string;
  tenant_id: string | null;
  source: string;
  error: string;
  created_at: string;
}

/** `checkout_sessions`: premium checkouts of the embedded provider; only the id's sha-256 is stored. */
export interface CheckoutSessionsTable {
  id_hash: string;
  tenant_id: string;
  user_id: string;
  current_url: string;
  /** 'open' | 'paid'. */
  status: string;
  expires_at: string;
  created_at: string;
}

/** Tables of support. */
export interface SupportTables {
  tickets: TicketsTable;
  error_reports: ErrorReportsTable;
  checkout_sessions: CheckoutSessionsTable;
}
