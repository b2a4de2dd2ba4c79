import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Operation {
  responses: Record<string, { description: string }>;
  requestBody?: { content: Record<string, unknown> };
}
type Paths = Record<string, Record<string, Operation>>;

let t: TestApp;
let paths: Paths;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Paths }>().paths;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
  );

describe('the OpenAPI description', () => {
  it('lists the throttle, a bad token, bad input and a server error on every route', () => {
    expect(operations().length).toBeGreaterThan(20);
    for (const { path, method, op } of operations()) {
      for (const status of ['400', '401', '429', '431', '500']) {
        expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
    expect(paths['/api/core/search/']?.get?.responses['429']?.description).toContain('Retry-After');
  });

  it('lists 400 on a bad query value, as the route answers it', async () => {
    expect(paths['/api/f1/races/upcoming/']?.get?.responses['400']).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: '/api/f1/races/upcoming/?limit=51' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['limit']);
  });

  it('lists 413 and 415 on every route that takes a body, and 404 and 414 on every route with a path parameter', () => {
    for (const { path, method, op } of operations()) {
      if (method !== 'get') {
        expect(op.responses['413'], `${method} ${path}`).toBeDefined();
        expect(op.responses['415'], `${method} ${path}`).toBeDefined();
      }
      if (path.includes('{')) {
        expect(op.responses['404'], `${method} ${path}`).toBeDefined();
        expect(op.responses['414'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(paths['/api/auth/login/']?.post?.responses['415']?.description).toContain('application/json');
  });

  it('keeps what a route documents itself', () => {
    expect(paths['/api/auth/login/']?.post?.responses['401']?.description).toContain(
      'No active account found with the given credentials',
    );
  });
});
