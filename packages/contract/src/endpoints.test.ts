import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, fillPath } from './endpoint.ts';
import { endpoints, endpointTables } from './endpoints.ts';
import { routes } from './routes.ts';

describe('the endpoint table', () => {
  it('names every operation once, and no two share a method and path', () => {
    const declared = Object.values(endpointTables).flatMap((table) => Object.keys(table));
    expect(Object.keys(endpoints).sort()).toEqual([...new Set(declared)].sort());
    expect(declared).toHaveLength(new Set(declared).size);
    const signatures = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(signatures).toHaveLength(new Set(signatures).size);
  });

  it('gives every route its schemas under the same name, and no schemas without a route', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, e] of Object.entries(endpoints)) {
      expect({ method: e.method, path: e.path }, name).toEqual(routes[name as keyof typeof routes]);
    }
  });

  it('derives each path parameter, a string, from the path', () => {
    const e = endpoint(
      { method: 'DELETE', path: '/api/x/:id/races/:race_id/' },
      { response: z.null(), statuses: [204] },
    );
    expect(e.params?.parse({ id: '1', race_id: '2' })).toEqual({ id: '1', race_id: '2' });
    const plain = endpoint({ method: 'GET', path: '/api/x/' }, { response: z.null() });
    expect(plain).toMatchObject({ statuses: [200] });
    expect(plain.params).toBeUndefined();
    expect(fillPath('/api/x/:id/races/:race_id/', { id: 7, race_id: 'a b' })).toBe('/api/x/7/races/a%20b/');
    expect(() => fillPath('/api/x/:id/', {})).toThrow(':id');
  });

  it('starts every path with /api/ and ends it with a slash', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      expect(e.path, name).toMatch(/^\/api\/.*\/$/);
    }
  });
});
