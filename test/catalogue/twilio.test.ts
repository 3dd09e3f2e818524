import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { checkDefinition, checkPollDedupe, type Fake, startFake, stepRunner } from './support-b.js';

const twilioApp = catalogueApp('twilio');

const SID = 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
const AUTH_TOKEN = 'your_auth_token_0123456789abcdef';
const BASIC = `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';
const ACCOUNT = `/2010-04-01/Accounts/${SID}`;

let fake: Fake;
let inbound = [
  { sid: 'SM0002', body: 'second' },
  { sid: 'SM0001', body: 'first' },
];
const { run, covered } = stepRunner(twilioApp, () => fake, { username: SID, password: AUTH_TOKEN });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === BASIC,
    unauthorized: { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } },
    routes: {
      [`GET ${ACCOUNT}.json`]: () => ({ body: { sid: SID, friendly_name: 'Acme', status: 'active' } }),
      [`GET ${ACCOUNT}/IncomingPhoneNumbers.json`]: () => ({
        body: { incoming_phone_numbers: [{ phone_number: '+15017122661', friendly_name: '(501) 712-2661' }] },
      }),
      [`GET ${ACCOUNT}/Messages.json`]: () => ({ body: { messages: inbound, page: 0, page_size: 100 } }),
      [`POST ${ACCOUNT}/Messages.json`]: (req) => ({
        status: 201,
        body: { sid: 'SM1234', status: 'queued', ...(req.body as object) },
      }),
      [`POST ${ACCOUNT}/Calls.json`]: () => ({ status: 201, body: { sid: 'CA1234', status: 'queued' } }),
    },
  });
});
afterAll(() => fake.close());

describe('Twilio contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(twilioApp);
  });

  it('reads the account with Account SID and Auth Token over Basic auth', async () => {
    // The executor hides every credential value in outputs, the (public) Account SID included.
    expect((await run('getAccount')).output).toMatchObject({ friendly_name: 'Acme', status: 'active' });
    expect(fake.last().url).toBe(`https://api.twilio.com${ACCOUNT}.json`);
    await run('listPhoneNumbers');
    expect(fake.last().query).toEqual({ PageSize: '1000' });
  });

  it('sends an MMS form-encoded, each media URL as its own MediaUrl', async () => {
    const result = await run('sendMessage', {
      To: '+15558675310',
      From: '+15017122661',
      Body: 'Your order has shipped',
      MediaUrl: 'https://example.com/a.png, https://example.com/b.png',
    });
    expect(result.output).toMatchObject({ sid: 'SM1234', status: 'queued' });
    const req = fake.last();
    expect(req.headers['content-type']).toBe(FORM);
    // twilio.com/docs/messaging/api/message-resource#create-a-message-resource
    expect(req.rawBody).toBe(
      'To=%2B15558675310&From=%2B15017122661&Body=Your+order+has+shipped&MediaUrl=https%3A%2F%2Fexample.com%2Fa.png&MediaUrl=https%3A%2F%2Fexample.com%2Fb.png',
    );
  });

  it('makes a call with TwiML', async () => {
    await run('makeCall', { To: '+15558675310', From: '+15017122661', Twiml: '<Response><Say>Hi</Say></Response>' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: `${ACCOUNT}/Calls.json`,
      body: { To: '+15558675310', From: '+15017122661', Twiml: '<Response><Say>Hi</Say></Response>' },
    });
  });

  it('polls new incoming SMS for a number without duplicates or drops', async () => {
    await checkPollDedupe(twilioApp, 'newIncomingSms', run, { To: '+15017122661' }, () => {
      inbound = [{ sid: 'SM0003', body: 'third' }, ...inbound];
      return ['SM0003'];
    });
    expect(fake.last().query).toEqual({ PageSize: '100', To: '+15017122661' });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(twilioApp.actions).sort());
  });
});
