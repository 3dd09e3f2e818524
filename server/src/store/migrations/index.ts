/**
 * The ordered list of schema migrations, provided in code (no files read at run time, so
 * the bundled server carries its migrations with it).
 */
import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../database.js';
import { createInitialMigration } from './0001-initial.js';
import { createEngineMigration } from './0002-engine.js';
import { createTriggersMigration } from './0003-triggers.js';
import { createAppsMigration } from './0004-apps.js';
import { createStepsMigration } from './0005-steps.js';
import { createFormsMigration } from './0006-forms.js';
import { createSupportMigration } from './0007-support.js';
import { createTemplatesMigration } from './0008-templates.js';
import { createHooksMigration } from './0009-hooks.js';
import { createEmailNormalisedMigration } from './0010-email-normalised.js';
import { createSessionDevicesMigration } from './0011-session-devices.js';
import { createHookKeysMigration } from './0012-hook-keys.js';
import { createWorkspaceAppEventsMigration } from './0013-workspace-app-events.js';
import { createAppIconsMigration } from './0014-app-icons.js';
import { createInstanceAccessMigration } from './0015-instance-access.js';
import { createWorkflowReleasesMigration } from './0017-workflow-releases.js';
import { createAuditSessionsMigration } from './0016-audit-sessions.js';
import { createErrorReportAgeMigration } from './0018-error-report-age.js';
import { createFailureAlertsMigration } from './0019-failure-alerts.js';
import { createExecutionSearchMigration } from './0021-execution-search.js';
import { createHistoryIndexesMigration } from './0020-history-indexes.js';
import { createRunCountsMigration } from './0022-run-counts.js';
import { createWorkflowAppsMigration } from './0023-workflow-apps.js';
import { createWorkflowCountsMigration } from './0024-workflow-counts.js';
import { createOpsProgressMigration } from './0025-ops-progress.js';
import { createSubscriptionIntentsMigration } from './0026-subscription-intents.js';

/**
 * Builds the migration provider for a dialect. Names sort in apply order; never rename or
 * edit a released migration, add the next number instead.
 */
export function createMigrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': createInitialMigration(dialect),
        '0002-engine': createEngineMigration(dialect),
        '0003-triggers': createTriggersMigration(dialect),
        '0004-apps': createAppsMigration(dialect),
        '0005-steps': createStepsMigration(dialect),
        '0006-forms': createFormsMigration(dialect),
        '0007-support': createSupportMigration(dialect),
        '0008-templates': createTemplatesMigration(dialect),
        '0009-hooks': createHooksMigration(),
        '0010-email-normalised': createEmailNormalisedMigration(),
        '0011-session-devices': createSessionDevicesMigration(),
        '0012-hook-keys': createHookKeysMigration(),
        '0013-workspace-app-events': createWorkspaceAppEventsMigration(dialect),
        '0014-app-icons': createAppIconsMigration(dialect),
        '0015-instance-access': createInstanceAccessMigration(),
        '0016-audit-sessions': createAuditSessionsMigration(),
        '0017-workflow-releases': createWorkflowReleasesMigration(dialect),
        '0018-error-report-age': createErrorReportAgeMigration(),
        '0019-failure-alerts': createFailureAlertsMigration(),
        '0020-history-indexes': createHistoryIndexesMigration(),
        '0021-execution-search': createExecutionSearchMigration(),
        '0022-run-counts': createRunCountsMigration(dialect),
        '0023-workflow-apps': createWorkflowAppsMigration(),
        '0024-workflow-counts': createWorkflowCountsMigration(),
        '0025-ops-progress': createOpsProgressMigration(),
        '0026-subscription-intents': createSubscriptionIntentsMigration(dialect),
      };
    },
  };
}
