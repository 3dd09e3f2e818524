import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { exchangeCode, readOAuthSettings, tokenValues } from '../../server/src/integrations/auth/oauth2.js';
import { executeStep, type StepExecution } from '../../server/src/integrations/executor.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake } from './support-b.js';

const salesforceApp = catalogueApp('salesforce');

const TOKEN =
  '00Dxx0000001gPL!AR8AQJXg5oj8jXSgxJfA0lBog.39AsX.LVpxezPwuX5VAIrrbbHMuol7GQxnMeYMN7cj8EoWr78nt1u44zU31IbYNNJguseu';
const INSTANCE = 'https://acme.my.salesforce.com';

let fake: Fake;
let credential: Record<string, string> = {};
const covered = new Set<string>();
const run = (actionKey: string, values: Record<string, unknown> = {}): Promise<StepExecution> => {
  covered.add(actionKey);
  return executeStep({ app: salesforceApp, actionKey, values, credential, base: '', http: fake.http });
};
let leads = [{ Id: '00Q000000000002' }, { Id: '00Q000000000001' }];
let opportunities = [{ Id: '006000000000001' }];

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.path === '/services/oauth2/token' || req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: { status: 401, body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] },
    routes: {
      // help.salesforce.com "OAuth 2.0 Web Server Flow": the token answer names the org's instance_url.
      'POST /services/oauth2/token': (req) => {
        const form = req.body as Record<string, string>;
        if (req.host !== 'login.salesforce.com' || form.grant_type !== 'authorization_code' || form.code !== 'aPrx') {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'authentication failure' } };
        }
        return {
          body: {
            access_token: TOKEN,
            refresh_token: '5Aep861',
            instance_url: INSTANCE,
            id: `https://login.salesforce.com/id/00Dx/005x`,
            token_type: 'Bearer',
            issued_at: '1278448101416',
            signature: 'x',
          },
        };
      },
      'GET /services/data/v62.0/sobjects': () => ({
        body: {
          sobjects: [
            { name: 'Lead', label: 'Lead' },
            { name: 'Opportunity', label: 'Opportunity' },
          ],
        },
      }),
      'GET /services/data/v62.0/query': (req) => {
        const q = String(req.query.q);
        const records = q.includes('FROM Lead') ? leads : q.includes('FROM Opportunity') ? opportunities : [];
        return { body: { totalSize: records.length, done: true, records } };
      },
      'POST /services/data/v62.0/sobjects/:object': () => ({
        status: 201,
        body: { id: '001000000000123', success: true, errors: [] },
      }),
      'PATCH /services/data/v62.0/sobjects/Contact/:id': () => ({ status: 204 }),
    },
  });
});
afterAll(() => fake.close());

describe('Salesforce contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(salesforceApp);
  });

  it('keeps the instance_url of the code exchange, and every action goes to it', async () => {
    const settings = readOAuthSettings({
      ...salesforceApp,
      authInfo: { ...salesforceApp.authInfo, clientInfo: { client_id: '3MVG9', client_secret: 's3cr3t' } },
    });
    if (typeof settings === 'string') throw new Error(settings);
    const tokens = await exchangeCode(fake.http, settings, { code: 'aPrx', redirectUri: 'https://j.example/cb' });
    credential = tokenValues(tokens, Date.now());
    expect(credential).toMatchObject({ access_token: TOKEN, instance_url: INSTANCE, refresh_token: '5Aep861' });

    const objects = await run('listObjects');
    expect(objects.ok).toBe(true);
    expect(fake.last().url).toBe(`${INSTANCE}/services/data/v62.0/sobjects`);
  });

  it('creates leads, contacts, accounts and opportunities with the documented JSON body', async () => {
    const created = await run('createLead', {
      LastName: 'Lovelace',
      Company: 'Analytical Engines',
      Email: 'ada@example.com',
    });
    expect(created.output).toEqual({ id: '001000000000123', success: true, errors: [] });
    expect(fake.last()).toMatchObject({ method: 'POST', url: `${INSTANCE}/services/data/v62.0/sobjects/Lead` });
    expect(fake.last().body).toEqual({ LastName: 'Lovelace', Company: 'Analytical Engines', Email: 'ada@example.com' });
    await run('createContact', { LastName: 'Hopper', AccountId: '001000000000123' });
    expect(fake.last()).toMatchObject({
      path: '/services/data/v62.0/sobjects/Contact',
      body: { LastName: 'Hopper', AccountId: '001000000000123' },
    });
    await run('createAccount', { Name: 'Acme' });
    expect(fake.last()).toMatchObject({ path: '/services/data/v62.0/sobjects/Account', body: { Name: 'Acme' } });
    await run('createOpportunity', { Name: 'Deal', StageName: 'Prospecting', CloseDate: '2025-06-30', Amount: '5000' });
    expect(fake.last().body).toEqual({ Name: 'Deal', StageName: 'Prospecting', CloseDate: '2025-06-30', Amount: 5000 });
    const missing = await run('createOpportunity', { Name: 'No stage' });
    expect(missing.ok).toBe(false);
    expect(missing.error?.field).toBe('StageName');
  });

  it('updates a contact (204 No Content) and runs a SOQL query', async () => {
    const updated = await run('updateContact', { id: '003000000000001', Phone: '+15550100' });
    expect(updated.ok).toBe(true);
    expect(updated.output).toEqual({ status_code: 204 });
    expect(fake.last()).toMatchObject({
      method: 'PATCH',
      path: '/services/data/v62.0/sobjects/Contact/003000000000001',
      body: { Phone: '+15550100' },
    });
    await run('query', { q: "SELECT Id FROM Lead WHERE Email = 'ada@example.com'" });
    expect(fake.last().query).toEqual({ q: "SELECT Id FROM Lead WHERE Email = 'ada@example.com'" });
  });

  it('polls new leads and new records of a chosen object by CreatedDate, without duplicates or drops', async () => {
    await checkPollDedupe(salesforceApp, 'newLead', run, {}, () => {
      leads = [{ Id: '00Q000000000003' }, ...leads];
      return ['00Q000000000003'];
    });
    expect(fake.last().query).toEqual({ q: 'SELECT FIELDS(STANDARD) FROM Lead ORDER BY CreatedDate DESC LIMIT 100' });
    await checkPollDedupe(salesforceApp, 'newRecord', run, { sobject: 'Opportunity' }, () => {
      opportunities = [{ Id: '006000000000003' }, { Id: '006000000000002' }, ...opportunities];
      return ['006000000000002', '006000000000003'];
    });
    expect(fake.last().query).toEqual({
      q: 'SELECT FIELDS(STANDARD) FROM Opportunity ORDER BY CreatedDate DESC LIMIT 100',
    });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(salesforceApp.actions).sort());
  });
});
