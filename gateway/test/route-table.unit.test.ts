import { describe, expect, it } from 'vitest';
import { isGuestRoute, pathPattern, routeTable } from '../src/route-table.ts';

describe('route table (guest routes from the contracts)', () => {
  it('turns a contract path into a pattern where a parameter is one segment', () => {
    const p = pathPattern('/notifications/:id/read');
    expect(p.test('/notifications/abc/read')).toBe(true);
    expect(p.test('/notifications/abc/read/')).toBe(true);
    expect(p.test('/notifications/a/b/read')).toBe(false);
    expect(p.test('/notifications/abc/readx')).toBe(false);
    expect(pathPattern('/auth/.well-known/jwks.json').test('/auth/.well-known/jwksXjson')).toBe(false);
  });

  it('puts each guest route under the prefix that serves it, with its method', () => {
    const table = Object.fromEntries(routeTable({}).map((r) => [r.prefix, r]));
    expect(table.auth!.guestRoutes.map((g) => `${g.method} ${g.path}`).sort()).toEqual(
      [
        'GET /auth/.well-known/jwks.json',
        'GET /auth/avatars/:id',
        'GET /auth/organizations/:id/logo',
        'POST /auth/forgot-password',
        'POST /auth/invitations/accept',
        'POST /auth/invitations/preview',
        'POST /auth/login',
        'POST /auth/register',
        'POST /auth/reset-password',
        'POST /auth/login/sms-code',
        'GET /auth/google',
        'POST /auth/google/start',
        'POST /auth/google/callback',
        'POST /auth/google/link',
        // An API key's holder asks what it may do (the key in the body is the credential; services ask auth the same).
        'POST /auth/api-keys/introspect',
      ].sort(),
    );
    expect(table.public!.guestRoutes.map((g) => `${g.method} ${g.path}`).sort()).toEqual(['GET /public/landing', 'POST /public/contact']);
    expect(table.members!.guestRoutes).toEqual([]);
    expect(isGuestRoute(table.auth!, 'POST', '/auth/login')).toBe(true);
    expect(isGuestRoute(table.auth!, 'GET', '/auth/login')).toBe(false);
    expect(isGuestRoute(table.auth!, 'HEAD', '/auth/.well-known/jwks.json')).toBe(true);
    expect(isGuestRoute(table.auth!, 'GET', '/auth/me')).toBe(false);
    // A profile picture loads in an <img> (no token); only that path, not what is beside it.
    expect(isGuestRoute(table.auth!, 'GET', '/auth/avatars/9b2f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isGuestRoute(table.auth!, 'POST', '/auth/avatars/9b2f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(false);
  });

  it('sends /settings/notifications to notifications while the rest of /settings stays with auth', () => {
    const table = Object.fromEntries(routeTable({}).map((r) => [r.prefix, r]));
    expect(table.settings!.service).toBe('auth');
    expect(table['settings/notifications']!.service).toBe('notifications');
    expect(table['settings/notifications']!.upstream).toBe('http://127.0.0.1:4108');
  });
});
