/** Implements the TemplatesService contract (kernel/contracts/templates.ts): share, read and accept templates. */
import { acceptTemplate, sanitizeForShare, type WorkflowDocument } from '@junction/core';
import type { PlatformDeps } from '../deps.js';
import { nowIso } from '../kernel/clock.js';
import type { TemplatesService, TemplateView } from '../kernel/contracts/templates.js';
import { badRequest, notFound, unprocessable } from '../kernel/errors.js';
import { readJson, writeJson } from '../store/json.js';
import { createTemplatesRepo } from '../store/repos/templates.js';
import { checkDocument } from './core-rules.js';
import { firstWorkflowRecord, toWorkflowView } from './views.js';

/** App icons kept with a template (editor-core 9: 20 in the share dialog). */
export const TEMPLATE_ICON_LIMIT = 20;

/** Longest template title and description (the contract's limits). */
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

/** Returns the distinct, non-empty app icons of a workflow's steps in step order, at most 20. */
export function templateIcons(doc: Pick<WorkflowDocument, 'steps'>): string[] {
  const icons = new Set<string>();
  for (const step of doc.steps) {
    if (step.data.icon) icons.add(step.data.icon);
    if (icons.size === TEMPLATE_ICON_LIMIT) break;
  }
  return [...icons];
}

/** Returns the template address the share dialog shows: the editor with `template_id` (editor-core 2.1). */
export function templateUrl(publicUrl: string, templateId: string): string {
  return `${publicUrl}/?template_id=${encodeURIComponent(templateId)}`;
}

/** Builds the templates service. */
export function createTemplatesService(deps: PlatformDeps): TemplatesService {
  const templates = createTemplatesRepo(deps.handle.db);

  const find = async (templateId: string): Promise<TemplateView> => {
    const row = await templates.find(templateId);
    if (!row) throw notFound('Template');
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      icons: readJson<string[]>(row.icons),
      document: readJson<WorkflowDocument>(row.document),
      createdAt: row.created_at,
    };
  };

  return {
    async share(ctx, workflowId, input) {
      const title = typeof input.title === 'string' ? input.title.trim() : '';
      if (!title) throw unprocessable('Give the template a title.', 'title');
      if (title.length > TITLE_MAX) throw badRequest(`The title is longer than ${TITLE_MAX} characters.`, 'title');
      const description = typeof input.description === 'string' ? input.description : '';
      if (description.length > DESCRIPTION_MAX) {
        throw badRequest(`The description is longer than ${DESCRIPTION_MAX} characters.`, 'description');
      }
      const workflow = await deps.repos.workflows.get(ctx.tenantId, workflowId);
      if (!workflow) throw notFound('Workflow');
      const stored = workflow.document as WorkflowDocument;
      // editor-core 6: never connections, data or execution logs (executions live elsewhere).
      const document = sanitizeForShare({ ...stored, name: workflow.name });
      const id = deps.newId();
      await templates.insert({
        id,
        tenant_id: ctx.tenantId,
        workflow_id: workflowId,
        title,
        description,
        icons: writeJson(templateIcons(document)),
        document: writeJson(document),
        created_at: nowIso(deps),
      });
      return { templateId: id, url: templateUrl(deps.config.publicUrl, id) };
    },

    get: find,

    async accept(ctx, templateId) {
      const template = await find(templateId);
      const accepted = acceptTemplate(template.document, { newId: deps.newId, now: deps.now });
      const checked = checkDocument(accepted);
      if (!checked.ok) {
        const first = checked.errors[0];
        throw unprocessable(
          `This template cannot become a workflow: ${first?.message ?? 'invalid document'}.`,
          'templateId',
        );
      }
      const record = firstWorkflowRecord(ctx.tenantId, { ...checked.document, active: false }, nowIso(deps));
      await deps.repos.workflows.insert(record);
      return toWorkflowView(record);
    },
  };
}
