import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The routes are registered from the contract's endpoint table (decision 023). The OpenAPI document
 * they produce is the one the hand-registered routes produced: the fixture is a copy of it taken
 * before the change. A change to the API that means to change the document updates the fixture in
 * the same commit, so the diff shows what a client would see.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('describes the API exactly as it did before the routes came from the endpoint table', async () => {
  const before: unknown = JSON.parse(
    readFileSync(new URL('../fixtures/openapi-before-endpoint-table.json', import.meta.url), 'utf8'),
  );
  const now: unknown = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(now).toEqual(before);
});
