import { describe, expect, it } from 'vitest';
import { API_SCOPES, ApiScope, apiKeyPrefixOf, isApiKeySecret, keyHasScope, missingScopeMessage } from './api-scopes.ts';
import { allRouteContracts } from './index.ts';

describe('API scopes', () => {
  it('are read and write of each area', () => {
    expect(API_SCOPES).toHaveLength(14);
    expect(ApiScope.safeParse('members:write').success).toBe(true);
    expect(ApiScope.safeParse('members:delete').success).toBe(false);
  });

  it('write includes read of the same area, nothing else', () => {
    expect(keyHasScope(['members:write'], { area: 'members', access: 'read' })).toBe(true);
    expect(keyHasScope(['members:read'], { area: 'members', access: 'write' })).toBe(false);
    expect(keyHasScope(['payments:write'], { area: 'members', access: 'read' })).toBe(false);
    expect(missingScopeMessage({ area: 'members', access: 'write' })).toBe('This API key lacks the members:write scope');
  });

  it('tells a key secret by its form and gives its visible prefix', () => {
    const secret = `ak_live_Ab3dE5gH_${'x'.repeat(43)}`;
    expect(isApiKeySecret(secret)).toBe(true);
    expect(apiKeyPrefixOf(secret)).toBe('ak_live_Ab3dE5gH');
    expect(isApiKeySecret('eyJhbGciOiJFUzI1NiJ9.e30.sig')).toBe(false);
  });

  it('are declared only on signed-in routes an admin may call (a key acts as an admin of its locations)', () => {
    const scoped = allRouteContracts.filter((r) => r.contract.apiScope);
    expect(scoped.length).toBeGreaterThanOrEqual(30);
    for (const r of scoped) {
      expect(r.contract.auth, r.name).toBe(true);
      expect(r.contract.auth && r.contract.roles.includes('admin'), r.name).toBe(true);
    }
    // Every area has at least one route a key may read.
    for (const area of ['members', 'attendance', 'payments', 'inventory', 'scheduling', 'leads', 'reports'])
      expect(
        scoped.some((r) => r.contract.apiScope?.area === area && r.contract.apiScope.access === 'read'),
        area,
      ).toBe(true);
  });
});
