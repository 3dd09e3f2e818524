/**
 * Forms, public forms, submissions, uploads (forms helper). The owner's routes need a
 * session; the public ones (`/api/public/...`) are anonymous and rate limited per address
 * and per form inside the service.
 */
import type { CreateFormInput, UpdateFormInput } from '../../kernel/contracts/forms.js';
import { requireAuth } from '../auth.js';
import type { OperationHandlers, OperationInput, OperationResult } from '../types.js';

const visitorOf = (input: OperationInput) => ({ ip: input.request.ip });

/** An RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Handlers by operationId. */
export const formHandlers: OperationHandlers = {
  async listForms(input) {
    const workflowId = input.query.workflowId as string | undefined;
    return { status: 200, body: { items: await input.services.forms.list(requireAuth(input), { workflowId }) } };
  },
  async createForm(input) {
    return { status: 201, body: await input.services.forms.create(requireAuth(input), input.body as CreateFormInput) };
  },
  async getForm(input) {
    return { status: 200, body: await input.services.forms.get(requireAuth(input), input.params.formId) };
  },
  async updateForm(input) {
    const body = input.body as UpdateFormInput;
    return { status: 200, body: await input.services.forms.update(requireAuth(input), input.params.formId, body) };
  },
  async deleteForm(input) {
    await input.services.forms.remove(requireAuth(input), input.params.formId);
    return { status: 204 };
  },
  async listFormSubmissions(input) {
    const items = await input.services.forms.listSubmissions(requireAuth(input), input.params.formId);
    return { status: 200, body: { items } };
  },
  async getPublicForm(input) {
    return { status: 200, body: await input.services.forms.getPublic(visitorOf(input), input.params.formId) };
  },
  async submitForm(input) {
    const { answers } = input.body as { answers: Record<string, unknown> };
    return {
      status: 202,
      body: await input.services.forms.submit(visitorOf(input), input.params.formId, answers),
    };
  },
  async uploadFormFile(input) {
    const result = await input.services.forms.upload(visitorOf(input), input.params.formId, {
      filename: String(input.query.filename),
      question: String(input.query.question),
      contentType: input.request.headers['content-type'],
      body: input.body,
    });
    return { status: 201, body: result };
  },
  async getFormFile(input): Promise<OperationResult> {
    const file = await input.services.forms.download(visitorOf(input), input.params.fileId);
    // A bucket store serves the bytes itself through a presigned address.
    if ('redirect' in file) return { status: 302, type: 'text/plain', body: '', headers: { location: file.redirect } };
    return {
      status: 200,
      type: file.contentType,
      body: file.bytes,
      headers: {
        'content-disposition': attachment(file.fileName),
        'x-content-type-options': 'nosniff',
        // Opened directly, the file runs nothing and reaches nothing (defence in depth).
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, max-age=3600',
      },
    };
  },
};
