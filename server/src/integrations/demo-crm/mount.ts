/**
 * Mounts the Demo CRM (`/demo-crm`, database storage from the apps service) and the built-in
 * icons (`/icons`) on the app. Both are plain routes outside the API contract.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createHttpClient } from '../../security/http-client.js';
import { parseAllowedHosts } from '../../security/ssrf.js';
import type { Services } from '../../kernel/types.js';
import { demoCrmApp } from '../builtin/demo-crm.js';
import { builtinIconsPlugin } from '../icons.js';
import { allowedHostsFor } from '../registry.js';
import { demoCrmPlugin } from './plugin.js';
import { createMemoryDemoCrmStorage } from './storage.js';

/**
 * Registers the icon route and the Demo CRM. Webhook deliveries may reach Junction's own
 * origin (a workflow's `/hooks/{key}`) plus the hosts of `JUNCTION_ALLOWED_HOSTS` (`config.allowedHosts`); nothing
 * else private. Services without an apps service (HTTP-layer tests) get an in-memory storage.
 *
 * @example await registerBuiltinRoutes(app, config, services);
 */
export async function registerBuiltinRoutes(app: FastifyInstance, config: Config, services: Services): Promise<void> {
  await app.register(builtinIconsPlugin);
  const apps = services.apps as Partial<Services['apps']> | undefined;
  const storage = apps?.demoCrmStorage ? await apps.demoCrmStorage() : createMemoryDemoCrmStorage();
  const http = createHttpClient({
    allowedHosts: [
      ...allowedHostsFor(demoCrmApp, config),
      ...parseAllowedHosts(config.allowedHosts ?? process.env.JUNCTION_ALLOWED_HOSTS),
    ],
  });
  app.addHook('onClose', () => http.close());
  const authenticateSession = async (token: string) => (await services.accounts?.authenticate(token))?.tenantId ?? null;
  await app.register(demoCrmPlugin, { storage, http, authenticateSession });
}
