import { describe, expect, it } from 'vitest';
import { loadContract, toFastifyUrl } from './openapi.js';
import { createHandlers } from './routes/index.js';
import { ContractValidators } from './validation.js';

describe('the contract in api-spec/openapi.yaml', () => {
  const contract = loadContract();

  it('has a unique operationId on every operation', () => {
    const ids = contract.operations.map((o) => o.operationId);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('compiles a validator for every operation', () => {
    const validators = new ContractValidators(contract.document);
    for (const operation of contract.operations)
      expect(() => validators.compile(operation), operation.operationId).not.toThrow();
  });

  it('has an operation for every handler (no misspelt operationId)', () => {
    const ids = new Set(contract.operations.map((o) => o.operationId));
    expect(Object.keys(createHandlers()).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('resolves shared parameters and marks public operations', () => {
    const getWorkflow = contract.operations.find((o) => o.operationId === 'getWorkflow');
    expect(getWorkflow).toMatchObject({ method: 'GET', url: '/api/workflows/:id', requiresAuth: true });
    expect(getWorkflow?.parameters.map((p) => p.name)).toEqual(['id']);
    expect(contract.operations.find((o) => o.operationId === 'signUp')).toMatchObject({
      requiresAuth: false,
      acceptsAuth: false,
    });
  });
});

describe('toFastifyUrl', () => {
  it('turns path templates into Fastify parameters', () => {
    expect(toFastifyUrl('/api/workflows/{id}/steps/{stepId}/test')).toBe('/api/workflows/:id/steps/:stepId/test');
  });
});
