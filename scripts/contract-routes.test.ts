import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as routes from '#contracts/routes.ts';
import { contractRoutes, routesFile, routesSource } from './contract-routes.ts';

describe('src/contracts/routes.ts, the contracts as the browser holds them', () => {
  it('is what scripts/contract-routes.ts writes now (run `npm run contract-routes` after changing a contract)', async () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(await routesSource());
  });

  it('gives every contract with its method, path and what it produces, and nothing else', async () => {
    const entries = await contractRoutes();
    expect(entries.length).toBeGreaterThan(100);
    expect(Object.keys(routes).sort()).toEqual(entries.map((entry) => entry.name).sort());
    for (const entry of entries) {
      const route = (routes as Record<string, object>)[entry.name];
      expect(route).toEqual({ method: entry.method, path: entry.path, ...(entry.produces ? { produces: entry.produces } : {}) });
    }
  });

  it('refuses, by name, to give a schema it does not hold', () => {
    expect(() => routes.createTeam.body).toThrow(
      'POST /api/workspaces: contracts/routes.ts holds no body schema; import the schema from its contract module',
    );
    expect(() => routes.listCollection.response).toThrow(/holds no response schema/);
  });

  it('loads no schema: it imports types only', () => {
    const imports = readFileSync(routesFile, 'utf8').match(/^import .*$/gm) ?? [];
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});
