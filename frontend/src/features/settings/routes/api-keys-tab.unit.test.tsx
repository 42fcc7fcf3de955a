// @vitest-environment jsdom
import { apiKeyRoutes, apiKeyUsageRoutes, type ApiKey } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const KEY_ID = '0198a3c1-0000-7000-8000-00000000a001';
const SECRET = `ak_live_Abcd1234_${'s'.repeat(43)}`;
const aKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY_ID,
  name: 'Website timetable',
  prefix: 'ak_live_Abcd1234',
  scopes: ['members:read'],
  locationIds: null,
  expiresAt: null,
  lastUsedAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  createdBy: { id: '0198a3c1-0000-7000-8000-0000000000f1', name: 'Asha Verma' },
  revokedAt: null,
  rotatedAt: null,
  previousSecretValidUntil: null,
  status: 'active',
  ...over,
});

/** The organization's keys as auth answers them, changing as the test creates, rotates and revokes. */
const keysAre = (initial: ApiKey[]) => {
  let items = initial;
  const sent: { route: string; body: unknown }[] = [];
  server.use(
    meIs(aUser()),
    ...notificationsAre([]),
    on(apiKeyRoutes.list, () => reply(apiKeyRoutes.list, 200, { success: true, data: { items, adminsMayManage: false, planIncludesApi: true } })),
    on(apiKeyRoutes.create, async ({ request }) => {
      const body = await request.json();
      sent.push({ route: 'create', body });
      const key = aKey({ name: (body as { name: string }).name, scopes: (body as { scopes: ApiKey['scopes'] }).scopes });
      items = [key];
      return reply(apiKeyRoutes.create, 201, { success: true, data: { key, secret: SECRET } });
    }),
    on(apiKeyRoutes.rotate, async ({ request }) => {
      sent.push({ route: 'rotate', body: await request.json() });
      const key = aKey({ rotatedAt: '2026-11-29T11:00:00.000Z', previousSecretValidUntil: '2026-12-02T11:00:00.000Z' });
      items = [key];
      return reply(apiKeyRoutes.rotate, 200, { success: true, data: { key, secret: `ak_live_Abcd1234_${'n'.repeat(43)}` } });
    }),
    on(apiKeyRoutes.revoke, () => {
      sent.push({ route: 'revoke', body: null });
      items = [aKey({ status: 'revoked', revokedAt: '2026-11-29T12:00:00.000Z' })];
      return reply(apiKeyRoutes.revoke, 200, { success: true, data: items[0]! });
    }),
    on(apiKeyUsageRoutes.usage, () =>
      reply(apiKeyUsageRoutes.usage, 200, {
        success: true,
        data: { keyId: KEY_ID, limitPerMinute: 300, days: [{ date: '2026-11-29', requests: 42, limited: 2 }] },
      }),
    ),
  );
  return sent;
};

afterEach(() => vi.restoreAllMocks());

describe('settings → API keys', () => {
  it('creates a read-only key and shows its secret once, with a copy button', async () => {
    const sent = keysAre([]);
    const { user } = renderApp('/dashboard/settings?tab=apikeys');
    expect(await screen.findByTestId('api-keys-empty')).toBeTruthy();
    const form = screen.getByTestId('api-key-form');
    // No scope: the contract refuses it before anything is sent.
    await user.type(within(form).getByTestId('api-key-name'), 'Website timetable');
    await user.click(within(form).getByTestId('api-key-create'));
    expect((await screen.findByTestId('api-key-problem')).textContent).toBe('Choose at least one scope');
    expect(sent).toEqual([]);
    await user.click(within(form).getByTestId('api-key-scope-members:read'));
    await user.click(within(form).getByTestId('api-key-create'));
    expect((await screen.findByTestId('api-key-secret-value')).textContent).toBe(SECRET);
    expect(sent).toEqual([{ route: 'create', body: { name: 'Website timetable', scopes: ['members:read'], locationIds: null, expiresAt: null } }]);
    await user.click(screen.getByTestId('api-key-copy'));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect((await screen.findByTestId('api-key-prefix')).textContent).toBe('ak_live_Abcd1234');
    // Once dismissed, the secret is nowhere on the page.
    await user.click(screen.getByTestId('api-key-secret-done'));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes only after the owner confirms, rotates with the grace chosen, and shows usage per day', async () => {
    const sent = keysAre([aKey()]);
    const { user } = renderApp('/dashboard/settings?tab=apikeys');
    const item = await screen.findByTestId('api-key-item');

    await user.click(within(item).getByTestId('api-key-usage-toggle'));
    const usage = await within(item).findByTestId('api-key-usage');
    expect(usage.textContent).toContain('Limit: 300 requests per minute');
    expect(within(usage).getByTestId('api-key-usage-day').textContent).toContain('42');

    await user.selectOptions(within(item).getByTestId('api-key-grace'), '3');
    await user.click(within(item).getByTestId('api-key-rotate'));
    expect((await screen.findByTestId('api-key-secret-value')).textContent).toBe(`ak_live_Abcd1234_${'n'.repeat(43)}`);
    expect(sent).toContainEqual({ route: 'rotate', body: { graceDays: 3 } });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(screen.getByTestId('api-key-item')).getByTestId('api-key-revoke'));
    expect(sent.filter((s) => s.route === 'revoke')).toHaveLength(0);
    await user.click(within(screen.getByTestId('api-key-item')).getByTestId('api-key-revoke'));
    await waitFor(() => expect(screen.getByTestId('api-key-status').textContent).toBe('Revoked'));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(sent.filter((s) => s.route === 'revoke')).toHaveLength(1);
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    try {
      keysAre([aKey()]);
      renderApp('/dashboard/settings?tab=apikeys');
      expect((await screen.findByTestId('api-key-status')).textContent).toBe('सक्रिय');
      expect(screen.getByText('एपीआई कुंजी बनाएँ')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});
