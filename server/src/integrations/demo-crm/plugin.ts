/**
 * The Demo CRM's HTTP API, served by Junction itself under `/demo-crm`: a
 * contacts API with per-tenant API keys (`X-Api-Key`) and 'contact.created' webhooks delivered
 * through the guarded HTTP client. Errors are Problem bodies (RFC 9457) naming the field.
 */
import { isValidEmail } from '@junction/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, Problem, unauthorized, unprocessable } from '../../kernel/errors.js';
import { createHttpClient, type HttpClient } from '../../security/http-client.js';
import { CONTACT_CREATED_EVENT } from '../builtin/demo-crm.js';
import { withRetries } from '../retries.js';
import type { Contact, ContactInput, DemoCrmStorage } from './storage.js';

/** Options of {@link demoCrmPlugin}. */
export interface DemoCrmPluginOptions {
  storage: DemoCrmStorage;
  /** Delivers webhooks; by default a guarded client from the environment, closed with the app. */
  http?: HttpClient;
  /**
   * The workspace of a Junction session token (`Authorization: Bearer`), or null: the Demo
   * CRM's own screens (/demo-crm) are used signed in to Junction, not with an API key.
   */
  authenticateSession?: (token: string) => Promise<string | null>;
}

/** Largest page of contacts one list call answers. */
export const MAX_CONTACTS_PAGE = 100;

const TEXT_FIELDS = ['firstName', 'lastName', 'company', 'phone'] as const;

/**
 * Mounts the Demo CRM routes: GET/POST `/demo-crm/contacts` (list newest first, `?email=`
 * find; create), GET/PATCH `/demo-crm/contacts/{id}`, POST `/demo-crm/hooks` and
 * DELETE `/demo-crm/hooks/{id}`. Every route needs a valid `X-Api-Key` or, for the Demo CRM's
 * own screens, a Junction session (401 otherwise). Settings → API: GET/POST `/demo-crm/keys`
 * and DELETE `/demo-crm/keys/{id}`, signed in only.
 *
 * @example
 * await app.register(demoCrmPlugin, { storage: createMemoryDemoCrmStorage() });
 */
export async function demoCrmPlugin(fastify: FastifyInstance, options: DemoCrmPluginOptions): Promise<void> {
  const { storage } = options;
  const http = options.http ?? createHttpClient();
  const deliveries = new Set<Promise<void>>();

  fastify.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
    if (!options.http) await http.close();
  });

  const sessionTenantOf = async (req: FastifyRequest): Promise<string | null> => {
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    return match && options.authenticateSession ? options.authenticateSession(match[1].trim()) : null;
  };

  const tenantOf = async (req: FastifyRequest): Promise<string> => {
    const header = req.headers['x-api-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    const tenantId = key === '' ? await sessionTenantOf(req) : await storage.findTenantByApiKey(key);
    if (!tenantId) throw unauthorized('A valid API key is required in the X-Api-Key header.');
    return tenantId;
  };

  // Keys are managed only by a signed-in user (Settings → API), never with a key.
  const signedInOnly = async (req: FastifyRequest): Promise<string> => {
    const tenantId = await sessionTenantOf(req);
    if (!tenantId) throw unauthorized('Sign in to Junction to manage Demo CRM API keys.');
    return tenantId;
  };

  const route = (
    handler: (req: FastifyRequest, tenantId: string, reply: FastifyReply) => Promise<unknown>,
    who: (req: FastifyRequest) => Promise<string> = tenantOf,
  ) => {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(req, await who(req), reply);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        return reply.code(error.status).type('application/problem+json').send(error.toBody());
      }
    };
  };

  fastify.get(
    '/demo-crm/contacts',
    route(async (req, tenantId) => {
      const query = req.query as { email?: string; limit?: string };
      const limit = query.limit === undefined ? MAX_CONTACTS_PAGE : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CONTACTS_PAGE) {
        throw unprocessable(`limit must be a whole number from 1 to ${MAX_CONTACTS_PAGE}.`, 'limit');
      }
      const email = query.email?.trim() || undefined;
      return { contacts: await storage.listContacts(tenantId, { email, limit }) };
    }),
  );

  fastify.post(
    '/demo-crm/contacts',
    route(async (req, tenantId, reply) => {
      const input = readContact(req.body, true) as ContactInput;
      const contact = await storage.createContact(tenantId, input);
      track(deliver(tenantId, contact));
      return reply.code(201).send(contact);
    }),
  );

  fastify.get(
    '/demo-crm/contacts/:id',
    route(async (req, tenantId) => {
      const contact = await storage.getContact(tenantId, idOf(req));
      if (!contact) throw notFound('Contact');
      return contact;
    }),
  );

  fastify.patch(
    '/demo-crm/contacts/:id',
    route(async (req, tenantId) => {
      const contact = await storage.updateContact(tenantId, idOf(req), readContact(req.body, false));
      if (!contact) throw notFound('Contact');
      return contact;
    }),
  );

  fastify.get(
    '/demo-crm/keys',
    route(async (_req, tenantId) => ({ keys: await storage.listApiKeys(tenantId) }), signedInOnly),
  );

  fastify.post(
    '/demo-crm/keys',
    route(async (_req, tenantId, reply) => {
      const apiKey = await storage.issueApiKey(tenantId);
      const [newest] = await storage.listApiKeys(tenantId);
      return reply.code(201).send({ apiKey, key: newest });
    }, signedInOnly),
  );

  fastify.delete(
    '/demo-crm/keys/:id',
    route(async (req, tenantId, reply) => {
      if (!(await storage.revokeApiKey(tenantId, idOf(req)))) throw notFound('API key');
      return reply.code(204).send();
    }, signedInOnly),
  );

  fastify.post(
    '/demo-crm/hooks',
    route(async (req, tenantId, reply) => {
      const body = asRecord(req.body);
      const url = typeof body.url === 'string' ? body.url.trim() : '';
      if (!isHttpUrl(url)) throw unprocessable('url must be an http or https URL.', 'url');
      const event = body.event === undefined || body.event === '' ? CONTACT_CREATED_EVENT : body.event;
      if (event !== CONTACT_CREATED_EVENT) throw unprocessable(`event must be '${CONTACT_CREATED_EVENT}'.`, 'event');
      return reply.code(201).send(await storage.addHook(tenantId, { url, event }));
    }),
  );

  fastify.delete(
    '/demo-crm/hooks/:id',
    route(async (req, tenantId, reply) => {
      if (!(await storage.removeHook(tenantId, idOf(req)))) throw notFound('Webhook subscription');
      return reply.code(204).send();
    }),
  );

  function track(delivery: Promise<void>): void {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  // Delivered after the answer, so a slow subscriber never delays contact creation.
  async function deliver(tenantId: string, contact: Contact): Promise<void> {
    const hooks = await storage.listHooks(tenantId, CONTACT_CREATED_EVENT);
    await Promise.all(
      hooks.map(async (hook) => {
        try {
          const res = await withRetries(
            () =>
              http.send({
                method: 'POST',
                url: hook.url,
                query: [],
                headers: { 'Content-Type': 'application/json', 'X-Demo-Crm-Event': CONTACT_CREATED_EVENT },
                body: { event: CONTACT_CREATED_EVENT, hookId: hook.id, contact },
              }),
            { max: 2, baseMs: 250 },
          );
          if (res.status >= 400) fastify.log.warn({ hookId: hook.id, status: res.status }, 'Demo CRM webhook refused');
        } catch (error) {
          fastify.log.warn({ hookId: hook.id, err: error }, 'Demo CRM webhook delivery failed');
        }
      }),
    );
  }
}

function idOf(req: FastifyRequest): string {
  return (req.params as { id: string }).id;
}

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads a contact body: email required on create, text fields as text, tags as a list or comma text. */
function readContact(body: unknown, isCreate: boolean): Partial<ContactInput> {
  const record = asRecord(body);
  const out: Partial<ContactInput> = {};
  if (record.email !== undefined || isCreate) {
    const email = typeof record.email === 'string' ? record.email.trim() : '';
    if (email === '') throw unprocessable('email is required.', 'email');
    if (!isValidEmail(email)) throw unprocessable(`'${email}' is not a valid e-mail address.`, 'email');
    out.email = email;
  }
  for (const key of TEXT_FIELDS) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') throw unprocessable(`${key} must be text.`, key);
    out[key] = String(value);
  }
  if (record.tags !== undefined && record.tags !== null) {
    const tags = typeof record.tags === 'string' ? record.tags.split(',') : record.tags;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) {
      throw unprocessable('tags must be a list of text.', 'tags');
    }
    out.tags = tags.map((t) => t.trim()).filter((t) => t !== '');
  }
  return out;
}
