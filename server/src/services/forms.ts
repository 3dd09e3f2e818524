/**
 * Implements the FormsService contract (kernel/contracts/forms.ts): form definitions per tenant,
 * the anonymous public form, uploads into the file storage, and submissions that start the
 * bound workflow through the engine's `ingest` (forms-dp 2.2, 3, 7).
 */
import path from 'node:path';
import { type FormTuple, PROBLEM_CODES, parseFormTuple, validateFormDefinition } from '@junction/core';
import { notFound, Problem, unprocessable } from '../kernel/errors.js';
import { checkAnswers } from '../forms/answers.js';
import {
  checkUploadType,
  cleanFileName,
  formatBytes,
  mediaTypeOf,
  PUBLIC_RATE_LIMITS,
  type PublicAction,
} from '../forms/limits.js';
import { createFormsRepo, type FormRecord } from '../store/repos/forms.js';
import { createUploadStorage } from '../forms/s3-storage.js';
import type { FileStorage } from '../forms/storage.js';
import type { EngineService } from '../kernel/contracts/engine.js';
import type { FormsService, FormView, Visitor } from '../kernel/contracts/forms.js';
import { nowIso } from '../kernel/clock.js';
import type { Lifecycle } from '../kernel/lifecycle.js';
import type { PlatformDeps } from '../deps.js';
import { createDeferredRateLimiter } from '../security/rate-limit-store.js';
import { createByteQuota } from '../security/rate-limiter.js';

/** Options of the forms service beyond its deps (tests shrink the limits). */
export interface FormsServiceOptions {
  /** Where files go; default an S3-compatible bucket when `UPLOADS_S3_BUCKET` is set, else `${dataDir}/uploads`. */
  storage?: FileStorage;
  /** Largest file accepted, in bytes; default the server's body limit. */
  maxUploadBytes?: number;
  /** The service adds its background sweep of unused uploads here (started and closed with the others). */
  lifecycles?: Lifecycle[];
}

/** Uploads no submission used are removed after this long (a visitor who gave up); UPLOADS_UNUSED_TTL_MS. */
export const UNUSED_UPLOAD_TTL_MS = 30 * 60 * 1000;

/** How often unused uploads are swept (a timer, and at most this often from the upload path). */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** Default upload quotas (each has its Config variable). */
export const UPLOAD_QUOTAS = {
  /** Files per file question in one submission (FORM_UPLOAD_MAX_FILES). */
  maxFiles: 10,
  /** Bytes per visitor address per hour (FORM_UPLOAD_ADDRESS_QUOTA). */
  perAddress: 50 * 1024 * 1024,
  /** Bytes per form per hour (FORM_UPLOAD_FORM_QUOTA). */
  perForm: 500 * 1024 * 1024,
  /** Bytes of all stored uploads (UPLOADS_TOTAL_QUOTA). */
  total: 5 * 1024 * 1024 * 1024,
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** The path every stored file downloads from. */
export const FILE_PATH_PREFIX = '/api/public/files/';

const FORM_NOT_FOUND = 'Form';

/** The answer to a file URL that is not an unused upload of this form (each file answers one submission). */
const USED_UPLOAD = 'Upload the file to this form first.';

/** Builds the forms service. */
export function createFormsService(
  deps: PlatformDeps & { engine: EngineService },
  options: FormsServiceOptions = {},
): FormsService {
  const repo = createFormsRepo(deps.handle.db);
  const storage = options.storage ?? createUploadStorage(path.join(deps.config.dataDir, 'uploads'));
  const maxUploadBytes = options.maxUploadBytes ?? deps.config.bodyLimit;
  // Shared by every API process when REDIS_URL is set (security/rate-limit-store.ts).
  const limiter = deps.rateLimiter ?? createDeferredRateLimiter(deps.now);
  const addressBytes = createByteQuota(HOUR_MS, deps.now);
  const positive = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  const quotas = {
    maxFiles: positive(deps.config.formUploadMaxFiles, UPLOAD_QUOTAS.maxFiles),
    perAddress: positive(deps.config.formUploadAddressQuota, UPLOAD_QUOTAS.perAddress),
    perForm: positive(deps.config.formUploadFormQuota, UPLOAD_QUOTAS.perForm),
    total: positive(deps.config.uploadsTotalQuota, UPLOAD_QUOTAS.total),
  };
  const unusedTtlMs = positive(deps.config.uploadsUnusedTtlMs, UNUSED_UPLOAD_TTL_MS);
  const fileUrl = (id: string) => `${deps.config.publicUrl}${FILE_PATH_PREFIX}${id}`;

  // Unused uploads are swept every few minutes by a timer and from the upload path (in
  // batches), so none outlives its time by more than the sweep interval; a failure is logged
  // and retried next time.
  let lastSweep = deps.now();
  const sweepUnusedUploads = async () => {
    lastSweep = deps.now();
    const before = nowIso(deps, -unusedTtlMs);
    for (let round = 0; round < 20; round++) {
      const keys = await repo.removeUnusedUploads(before, 500);
      for (const key of keys) await storage.remove(key);
      if (keys.length) deps.logger.info({ removed: keys.length }, 'Removed form uploads no submission used');
      if (keys.length < 500) break;
    }
  };
  const sweepLogged = () =>
    sweepUnusedUploads().catch((error: unknown) =>
      deps.logger.error({ err: String(error) }, 'Sweeping unused form uploads failed'),
    );
  let sweepTimer: NodeJS.Timeout | undefined;
  options.lifecycles?.push({
    async start() {
      sweepTimer = setInterval(() => void sweepLogged(), SWEEP_EVERY_MS);
      sweepTimer.unref();
    },
    async close() {
      clearInterval(sweepTimer);
    },
  });

  /** The file questions of a form, by question text. */
  const fileQuestionsOf = (content: unknown) => {
    const tuple = parseFormTuple(content);
    const questions = [...tuple.firstSection, ...tuple.furtherSections.flatMap((s) => s.section)];
    return new Set(questions.filter((q) => q.type === 'file').map((q) => q.question));
  };

  /**
   * Counts a public request per address and per form; 429 with Retry-After past the limit.
   * RATE_LIMITS=off turns off the per-address limits only: the per-form cap on what stores
   * something (submissions, uploads) holds whatever it says.
   */
  const limit = async (action: PublicAction, visitor: Visitor, formId: string) => {
    const stores = action === 'submit' || action === 'upload';
    if (!deps.config.rateLimits && !stores) return;
    const limits = PUBLIC_RATE_LIMITS[action];
    const wait = Math.max(
      deps.config.rateLimits ? await limiter.take(`${action}:ip:${visitor.ip}`, limits.perIp) : 0,
      await limiter.take(`${action}:form:${formId}`, limits.perForm),
    );
    if (wait > 0) {
      throw new Problem(429, 'Too Many Requests', {
        detail: `Too many requests. Try again in ${wait} seconds.`,
        retryAfter: wait,
      });
    }
  };

  /**
   * The byte quotas of an upload: per visitor address and per form over the last hour (429 +
   * Retry-After), and all stored uploads together (507: the operator must make room).
   */
  const checkQuotas = async (visitor: Visitor, formId: string, bytes: number) => {
    const total = await repo.sumUploadBytes();
    if (total + bytes > quotas.total) {
      throw new Problem(507, 'Insufficient Storage', {
        detail: `Uploads are full: the ${formatBytes(quotas.total)} kept for form files are used up (UPLOADS_TOTAL_QUOTA). Try again later.`,
        retryAfter: 600,
      });
    }
    const recent = await repo.sumUploadBytes({ formId, since: nowIso(deps, -HOUR_MS) });
    if (recent + bytes > quotas.perForm) {
      throw new Problem(429, 'Too Many Requests', {
        detail: `This form has used its upload quota of ${formatBytes(quotas.perForm)} an hour (FORM_UPLOAD_FORM_QUOTA); it takes files again as the hour's uploads age out.`,
        retryAfter: 600,
        field: 'body',
        code: PROBLEM_CODES.quotaExceeded,
      });
    }
    const wait = addressBytes.take(visitor.ip, bytes, quotas.perAddress);
    if (wait > 0) {
      throw new Problem(429, 'Too Many Requests', {
        detail: `Your upload quota of ${formatBytes(quotas.perAddress)} an hour is used up (FORM_UPLOAD_ADDRESS_QUOTA); it renews in ${Math.ceil(wait / 60)} minutes.`,
        retryAfter: wait,
        field: 'body',
        code: PROBLEM_CODES.quotaExceeded,
      });
    }
  };

  const checkContent = (content: unknown): FormTuple => {
    const result = validateFormDefinition(content);
    if (!result.ok) {
      const errors = result.errors.map((e) => ({ field: `content${e.path}`, message: e.message }));
      throw unprocessable(`The form has ${errors.length} problem(s): ${errors[0].message}`, errors[0].field, errors);
    }
    return content as FormTuple;
  };

  const checkWorkflow = async (tenantId: string, workflowId: string | null | undefined) => {
    if (!workflowId) return;
    if (!(await deps.repos.workflows.get(tenantId, workflowId))) {
      throw unprocessable('No workflow with this id in this workspace.', 'workflowId');
    }
  };

  const toView = (record: FormRecord): FormView => ({
    id: record.id,
    name: record.name,
    workflowId: record.workflowId,
    content: record.content as FormTuple,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  });

  const requirePublic = async (id: string) => {
    const form = await repo.getPublic(id);
    if (!form) throw notFound(FORM_NOT_FOUND);
    return form;
  };

  return {
    async list(ctx, filter = {}) {
      return (await repo.list(ctx.tenantId, filter.workflowId)).map(toView);
    },

    async create(ctx, input) {
      const content = checkContent(input.content);
      await checkWorkflow(ctx.tenantId, input.workflowId);
      const at = nowIso(deps);
      const record: FormRecord = {
        id: deps.newId(),
        tenantId: ctx.tenantId,
        name: input.name,
        workflowId: input.workflowId ?? null,
        content,
        createdAt: at,
        updatedAt: at,
      };
      await repo.insert(record);
      return toView(record);
    },

    async get(ctx, id) {
      const form = await repo.get(ctx.tenantId, id);
      if (!form) throw notFound(FORM_NOT_FOUND);
      return toView(form);
    },

    async update(ctx, id, input) {
      const current = await repo.get(ctx.tenantId, id);
      if (!current) throw notFound(FORM_NOT_FOUND);
      const content = input.content === undefined ? current.content : checkContent(input.content);
      if (input.workflowId !== undefined) await checkWorkflow(ctx.tenantId, input.workflowId);
      const saved = await repo.update(ctx.tenantId, id, {
        name: input.name ?? current.name,
        workflowId: input.workflowId === undefined ? current.workflowId : input.workflowId,
        content,
        updatedAt: nowIso(deps),
      });
      if (!saved) throw notFound(FORM_NOT_FOUND);
      return toView(saved);
    },

    async remove(ctx, id) {
      const keys = await repo.remove(ctx.tenantId, id);
      if (!keys) throw notFound(FORM_NOT_FOUND);
      for (const key of keys) await storage.remove(key);
    },

    async listSubmissions(ctx, id) {
      if (!(await repo.get(ctx.tenantId, id))) throw notFound(FORM_NOT_FOUND);
      return (await repo.listSubmissions(ctx.tenantId, id)).map((s) => ({
        id: s.id,
        answers: s.answers,
        executionId: s.executionId,
        createdAt: s.createdAt,
      }));
    },

    async getPublic(visitor, id) {
      await limit('read', visitor, id);
      const form = await requirePublic(id);
      return { id: form.id, content: form.content as FormTuple };
    },

    async submit(visitor, id, raw) {
      await limit('submit', visitor, id);
      const form = await requirePublic(id);
      const checked = checkAnswers(parseFormTuple(form.content), raw);
      const uploadIds: string[] = [];
      // Each file question takes at most FORM_UPLOAD_MAX_FILES files.
      const perQuestion = new Map<string, number>();
      for (const key of checked.fileUrls.keys()) {
        const question = key.slice(0, key.lastIndexOf('_'));
        const n = (perQuestion.get(question) ?? 0) + 1;
        perQuestion.set(question, n);
        if (n === quotas.maxFiles + 1) {
          checked.errors.push({
            field: `answers.${key}`,
            message: `At most ${quotas.maxFiles} files can answer '${question}'.`,
          });
        }
      }
      const uploadKeys = new Map<string, string>();
      for (const [key, url] of checked.fileUrls) {
        const uploadId = url.startsWith(fileUrl('')) ? url.slice(fileUrl('').length) : '';
        const upload = uploadId ? await repo.getUpload(uploadId) : undefined;
        if (!upload || upload.formId !== form.id || upload.submissionId !== null) {
          checked.errors.push({ field: `answers.${key}`, message: USED_UPLOAD });
        } else if (!uploadKeys.has(upload.id)) {
          uploadIds.push(upload.id);
          uploadKeys.set(upload.id, key);
        }
      }
      if (checked.errors.length) {
        const [first] = checked.errors;
        throw unprocessable(`${first.message} (${first.field})`, first.field, checked.errors);
      }

      // The files are claimed before anything runs, in one conditional UPDATE: of many
      // submissions carrying one upload at once, exactly one gets it (the read above only
      // names the field early).
      const submissionId = deps.newId();
      const claimed = await repo.claimUploads(form.tenantId, form.id, uploadIds, submissionId);
      if (claimed !== uploadIds.length) {
        await repo.releaseUploads(uploadIds, submissionId);
        const taken = [];
        for (const uploadId of uploadIds) {
          if ((await repo.getUpload(uploadId))?.submissionId !== null) taken.push(uploadKeys.get(uploadId) as string);
        }
        const errors = (taken.length ? taken : [uploadKeys.get(uploadIds[0]) as string]).map((key) => ({
          field: `answers.${key}`,
          message: USED_UPLOAD,
        }));
        throw unprocessable(`${USED_UPLOAD} (${errors[0].field})`, errors[0].field, errors);
      }

      try {
        // The run next: ingest commits the event and its execution atomically; a failure
        // there leaves nothing recorded, the files are given back and the visitor can submit again.
        let executionId: string | null = null;
        const workflow = form.workflowId && (await deps.repos.workflows.get(form.tenantId, form.workflowId));
        if (workflow) {
          const [outcome] = await deps.engine.ingest([
            { tenantId: form.tenantId, workflowId: workflow.id, trigger: 'form', triggerData: checked.answers },
          ]);
          if (outcome?.status === 'accepted') executionId = outcome.executionId;
        }
        await repo.insertSubmission({
          id: submissionId,
          tenantId: form.tenantId,
          formId: form.id,
          answers: checked.answers,
          executionId,
          createdAt: nowIso(deps),
        });
      } catch (error) {
        await repo.releaseUploads(uploadIds, submissionId);
        throw error;
      }
      return { submissionId };
    },

    async upload(visitor, id, input) {
      await limit('upload', visitor, id);
      const form = await requirePublic(id);
      // Files answer a file question of this form, nothing else (forms-dp 3 "Question").
      const fileQuestions = fileQuestionsOf(form.content);
      if (!fileQuestions.has(input.question)) {
        throw unprocessable(
          fileQuestions.size === 0
            ? 'This form has no file question: it takes no files.'
            : `'${input.question}' is not a file question of this form.`,
          'question',
        );
      }
      const mediaType = mediaTypeOf(input.contentType);
      if (!Buffer.isBuffer(input.body)) {
        throw new Problem(415, 'Unsupported Media Type', {
          detail: 'Send the file itself as the request body (not JSON or form data), with its name in ?filename=.',
          field: 'body',
        });
      }
      if (mediaType.startsWith('multipart/')) {
        throw new Problem(415, 'Unsupported Media Type', {
          detail: 'Send the file itself as the request body, not as multipart form data.',
          field: 'content-type',
        });
      }
      const fileName = cleanFileName(input.filename);
      const type = checkUploadType(fileName, mediaType);
      if (!type.ok) throw new Problem(415, 'Unsupported Media Type', { detail: type.message, field: 'filename' });
      if (input.body.length === 0) throw unprocessable('The file is empty.', 'body');
      if (input.body.length > maxUploadBytes) {
        throw new Problem(413, 'Content Too Large', {
          detail: `The file is ${formatBytes(input.body.length)}; files may be at most ${formatBytes(maxUploadBytes)}.`,
          field: 'body',
        });
      }
      await checkQuotas(visitor, form.id, input.body.length);
      const uploadId = deps.newId();
      await storage.put(uploadId, input.body, type.contentType);
      try {
        await repo.insertUpload({
          id: uploadId,
          tenantId: form.tenantId,
          formId: form.id,
          storageKey: uploadId,
          fileName,
          contentType: type.contentType,
          size: input.body.length,
          submissionId: null,
          createdAt: nowIso(deps),
        });
      } catch (error) {
        await storage.remove(uploadId);
        throw error;
      }
      if (deps.now() - lastSweep >= SWEEP_EVERY_MS) await sweepLogged();
      return { url: fileUrl(uploadId), key: uploadId };
    },

    async download(visitor, fileId) {
      const upload = await repo.getUpload(fileId);
      if (!upload) throw notFound('File');
      await limit('download', visitor, upload.formId);
      const stored = await storage.read(upload.storageKey);
      if (!stored) throw notFound('File');
      return { ...stored, contentType: upload.contentType, fileName: upload.fileName };
    },
  };
}
