import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { executeStep } from '../../server/src/integrations/executor.js';
import { checkDefinition, type Fake, startFake, stepRunner } from './support-b.js';

const openaiApp = catalogueApp('openai');

const KEY = 'sk-proj-0123456789abcdefghijklmnopqrstuvwxyz';

let fake: Fake;
const { run, covered } = stepRunner(openaiApp, () => fake, { api_key: KEY });

beforeAll(async () => {
  fake = await startFake({
    auth: (req) => req.headers.authorization === `Bearer ${KEY}`,
    unauthorized: {
      status: 401,
      body: {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      },
    },
    routes: {
      'GET /v1/models': () => ({ body: { object: 'list', data: [{ id: 'gpt-4.1-mini', object: 'model' }] } }),
      'POST /v1/responses': (req) => ({
        body: {
          id: 'resp_1',
          object: 'response',
          model: (req.body as { model: string }).model,
          output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Bonjour' }] }],
        },
      }),
      'POST /v1/images/generations': () => ({ body: { created: 1, data: [{ url: 'https://example.com/i.png' }] } }),
      'POST /v1/embeddings': () => ({ body: { object: 'list', data: [{ embedding: [0.1, 0.2], index: 0 }] } }),
      'POST /v1/moderations': () => ({ body: { id: 'modr-1', results: [{ flagged: false }] } }),
    },
  });
});
afterAll(() => fake.close());

describe('OpenAI contract', () => {
  it('is a valid first100 definition', () => {
    checkDefinition(openaiApp);
  });

  it('lists models with the key as bearer token; a wrong key fails with 401', async () => {
    expect((await run('listModels')).output).toMatchObject({ data: [{ id: 'gpt-4.1-mini' }] });
    expect(fake.last().url).toBe('https://api.openai.com/v1/models');
    const wrong = await executeStep({
      app: openaiApp,
      actionKey: 'listModels',
      values: {},
      credential: { api_key: 'sk-wrong' },
      base: '',
      http: fake.http,
    });
    expect(wrong.error).toMatchObject({ code: 'http-status', status: 401 });
  });

  it('generates text through the Responses API with numbers as numbers', async () => {
    const result = await run('createResponse', {
      model: 'gpt-4.1-mini',
      input: 'Say hello',
      instructions: 'Answer in French.',
      temperature: '0.2',
      max_output_tokens: '50',
    });
    expect(result.output).toMatchObject({ output: [{ content: [{ text: 'Bonjour' }] }] });
    // platform.openai.com/docs/api-reference/responses/create
    expect(fake.last().body).toEqual({
      model: 'gpt-4.1-mini',
      input: 'Say hello',
      instructions: 'Answer in French.',
      temperature: 0.2,
      max_output_tokens: 50,
    });
  });

  it('generates an image, an embedding and a moderation check', async () => {
    await run('createImage', { prompt: 'A cat', model: 'dall-e-3', size: '1024x1024', n: 1 });
    expect(fake.last()).toMatchObject({
      path: '/v1/images/generations',
      body: { prompt: 'A cat', model: 'dall-e-3', size: '1024x1024', n: 1 },
    });
    await run('createEmbedding', { model: 'text-embedding-3-small', input: 'hello' });
    expect(fake.last().body).toEqual({ model: 'text-embedding-3-small', input: 'hello' });
    const moderation = await run('createModeration', { input: 'hello' });
    expect(moderation.output).toMatchObject({ results: [{ flagged: false }] });
    expect(fake.last().body).toEqual({ input: 'hello' });
  });

  it('exercised every action', () => {
    expect([...covered].sort()).toEqual(Object.keys(openaiApp.actions).sort());
  });
});
