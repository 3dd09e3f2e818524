import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const hubspotApp = catalogueApp('hubspot');

const TOKEN = 'CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4';

interface Row {
  id: string;
  properties: Record<string, string>;
}
let fake: Fake;
const objects: Record<string, Row[]> = {
  contacts: [
    { id: '151', properties: { email: 'b@example.com', createdate: '2025-01-02T00:00:00Z' } },
    { id: '150', properties: { email: 'a@example.com', createdate: '2025-01-01T00:00:00Z' } },
  ],
  deals: [{ id: '9001', properties: { dealname: 'First deal', createdate: '2025-01-01T00:00:00Z' } }],
  companies: [{ id: '77', properties: { name: 'Acme', createdate: '2025-01-01T00:00:00Z' } }],
};
const { run, covered } = stepRunner(hubspotApp, () => fake, { access_token: TOKEN });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bearer ${TOKEN}`,
    unauthorized: {
      status: 401,
      body: { status: 'error', category: 'INVALID_AUTHENTICATION', message: 'Authentication credentials not found.' },
    },
    routes: {
      'GET /crm/v3/objects/contacts': () => ({ body: { results: objects.contacts.slice(-1) } }),
      'POST /crm/v3/objects/:type/search': (req) => ({
        body: { total: objects[req.params.type].length, results: objects[req.params.type] },
      }),
      'GET /crm/v3/pipelines/deals': () => ({ body: { results: [{ id: 'default', label: 'Sales Pipeline' }] } }),
      'GET /crm/v3/pipelines/deals/:pipeline/stages': () => ({
        body: { results: [{ id: 'appointmentscheduled', label: 'Appointment Scheduled' }] },
      }),
      'POST /crm/v3/objects/:type': (req) => ({ status: 201, body: { id: '500', ...(req.body as object) } }),
      'PATCH /crm/v3/objects/contacts/:id': (req) => ({ body: { id: req.params.id, ...(req.body as object) } }),
      'GET /crm/v3/objects/contacts/:id': (req) =>
        req.query.idProperty === 'email' && req.params.id === 'a@example.com'
          ? { body: objects.contacts[1] }
          : { status: 404, body: { status: 'error', category: 'OBJECT_NOT_FOUND' } },
    },
  });
});
afterAll(() => fake.close());

describe('HubSpot contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(hubspotApp);
  });

  it('tests the connection with a one-contact page', async () => {
    expect((await run('listContactsPage')).ok).toBe(true);
    expect(fake.last().url).toBe('https://api.hubapi.com/crm/v3/objects/contacts');
    expect(fake.last().query).toEqual({ limit: '1' });
  });

  it('creates and updates a contact with its fields under "properties"', async () => {
    const created = await run('createContact', { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    expect(created.ok).toBe(true);
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/crm/v3/objects/contacts' });
    expect(fake.last().body).toEqual({
      properties: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' },
    });
    await run('updateContact', { contactId: '150', phone: '+15550100' });
    expect(fake.last()).toMatchObject({ method: 'PATCH', path: '/crm/v3/objects/contacts/150' });
    expect(fake.last().body).toEqual({ properties: { phone: '+15550100' } });
  });

  it('finds a contact by e-mail with idProperty=email', async () => {
    const found = await run('findContactByEmail', { email: 'a@example.com' });
    expect(found.output).toEqual(objects.contacts[1]);
    expect(fake.last().url).toBe('https://api.hubapi.com/crm/v3/objects/contacts/a%40example.com');
    expect(fake.last().query).toEqual({
      idProperty: 'email',
      properties: 'email,firstname,lastname,phone,company,createdate',
    });
  });

  it('creates a company, and a deal in a pipeline stage picked from the dropdowns', async () => {
    await run('createCompany', { name: 'Acme', domain: 'acme.example' });
    expect(fake.last().body).toEqual({ properties: { name: 'Acme', domain: 'acme.example' } });
    const pipelines = await run('listDealPipelines');
    expect(pipelines.output).toEqual({ results: [{ id: 'default', label: 'Sales Pipeline' }] });
    await run('listDealStages', { pipeline: 'default' });
    expect(fake.last().path).toBe('/crm/v3/pipelines/deals/default/stages');
    await run('createDeal', {
      dealname: 'Big one',
      pipeline: 'default',
      dealstage: 'appointmentscheduled',
      amount: '1000',
      closedate: '2025-06-30',
    });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/crm/v3/objects/deals' });
    expect(fake.last().body).toEqual({
      properties: {
        dealname: 'Big one',
        pipeline: 'default',
        dealstage: 'appointmentscheduled',
        amount: '1000',
        closedate: '2025-06-30',
      },
    });
  });

  it('polls new contacts, deals and companies (search sorted by createdate, newest first) without duplicates or drops', async () => {
    await checkPollDedupe(hubspotApp, 'newContact', run, {}, () => {
      objects.contacts.unshift({
        id: '152',
        properties: { email: 'c@example.com', createdate: '2025-01-03T00:00:00Z' },
      });
      return ['152'];
    });
    // developers.hubspot.com/docs/api-reference/search/guide: sorts, properties, limit (max 200).
    expect(fake.last().body).toEqual({
      sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
      properties: ['email', 'firstname', 'lastname', 'phone', 'company', 'createdate'],
      limit: 100,
    });
    await checkPollDedupe(hubspotApp, 'newDeal', run, {}, () => {
      objects.deals.unshift({ id: '9003', properties: {} }, { id: '9002', properties: {} });
      return ['9002', '9003'];
    });
    await checkPollDedupe(hubspotApp, 'newCompany', run, {}, () => {
      objects.companies.unshift({ id: '78', properties: {} });
      return ['78'];
    });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(hubspotApp.actions).sort());
  });
});
