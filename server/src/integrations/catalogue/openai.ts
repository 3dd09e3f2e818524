/**
 * OpenAI (REST API v1): an API key as bearer token; text with the Responses API, images,
 * embeddings and moderation; models for the dropdowns. OpenAI has no events to trigger on.
 * https://platform.openai.com/docs/api-reference
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { integer, number, text } from './fields-b.js';

const API = 'https://api.openai.com/v1';
const model = (description: string, required = true) =>
  text('model', 'Model', description, { required, dynamic: 'openai.Models.listModels.data.id.id' });

export const openaiApp: BuiltinAppDefinition = {
  appSlug: 'openai',
  appName: 'OpenAI',
  category: 'AI',
  source: 'first100',
  iconURL: iconUrl('openai'),
  completionStatus: 'Complete',
  apiDocs: 'https://platform.openai.com/docs/api-reference',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'listModels',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'API key',
        description: 'platform.openai.com → API keys → Create new secret key (sk-…).',
      },
    ],
    // platform.openai.com/docs/api-reference/authentication
    requestConfig: { headers: [{ key: 'Authorization', value: 'Bearer ${auth.api_key}' }] },
  },
  actions: {
    listModels: {
      title: 'List models',
      hidden: true,
      method: 'get',
      url: `${API}/models`,
      fields: [],
    },
    createResponse: {
      title: 'Generate text',
      description:
        'Sends a prompt to a model and answers its reply (Responses API); the text is in output[].content[].text.',
      method: 'post',
      url: `${API}/responses`,
      fields: [
        model('The model, e.g. gpt-4.1-mini or gpt-4o.'),
        text('input', 'Prompt', 'What to ask or tell the model.', { required: true }),
        text('instructions', 'Instructions', 'A system message: how the model should behave, e.g. "Answer in French."'),
        number('temperature', 'Temperature', 'From 0 to 2: lower is more focused, higher more varied.'),
        integer('max_output_tokens', 'Maximum tokens', 'An upper bound on the tokens of the reply.'),
      ],
    },
    createImage: {
      title: 'Generate image',
      description: 'Creates an image from a text prompt.',
      method: 'post',
      url: `${API}/images/generations`,
      fields: [
        text('prompt', 'Prompt', 'A description of the image.', { required: true }),
        text('model', 'Model', 'The image model.', {
          enum: ['gpt-image-1', 'dall-e-3', 'dall-e-2'],
          enumNames: ['GPT Image 1', 'DALL·E 3', 'DALL·E 2'],
        }),
        text('size', 'Size', 'The image size, e.g. 1024x1024; the model default when empty.'),
        integer('n', 'Number of images', 'How many images to generate (1 for DALL·E 3).'),
      ],
    },
    createEmbedding: {
      title: 'Create embedding',
      description: 'Turns text into a vector for search or clustering.',
      method: 'post',
      url: `${API}/embeddings`,
      fields: [
        model('The embedding model, e.g. text-embedding-3-small.'),
        text('input', 'Text', 'The text to embed.', { required: true }),
      ],
    },
    createModeration: {
      title: 'Check moderation',
      description: 'Classifies text as potentially harmful or not.',
      method: 'post',
      url: `${API}/moderations`,
      fields: [
        text('input', 'Text', 'The text to check.', { required: true }),
        model('The moderation model; omni-moderation-latest when empty.', false),
      ],
    },
  },
  triggers: {},
};
