// @vitest-environment jsdom
import { ENQUIRIES_SOCKET_EVENTS, enquiriesRoutes as r, type Lead } from '@akhada/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { signedInShell } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const OWNER = aUser({ role: 'owner', locations: [PUNE] });
const aLead = (name: string, stage: Lead['stage'] = 'new'): Lead => ({
  id: crypto.randomUUID(),
  locationId: PUNE._id,
  name,
  phone: '98765 43210',
  email: null,
  interest: 'membership',
  source: 'website',
  preferredTime: '',
  notes: '',
  stage,
  lostReason: null,
  ownerId: null,
  ownerName: null,
  memberId: null,
  enquiries: 1,
  consentText: null,
  consentAt: null,
  marketingConsentText: null,
  marketingConsentAt: null,
  nextFollowUpAt: null,
  createdAt: '2026-03-10T04:30:00.000Z',
  updatedAt: '2026-03-10T04:30:00.000Z',
});

/** The shell's hub socket, played by a stand-in: `fire` is the server pushing. */
const stubSocket = () => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on: (event: string, fn: (...args: unknown[]) => void) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(fn),
    off: (event: string, fn: (...args: unknown[]) => void) => void listeners.get(event)?.delete(fn),
    fire: (event: string, ...args: unknown[]) => act(() => listeners.get(event)?.forEach((fn) => fn(...args))),
  };
  act(() => setHubSocket(socket as unknown as HubSocketLike));
  return socket;
};

afterEach(() => setHubSocket(null));

describe('the enquiries board live', { timeout: 20_000 }, () => {
  it('reads the board again on an enquiries:changed ping, without a reload; a malformed ping changes nothing', async () => {
    let leads = [aLead('Kiran Shah')];
    let reads = 0;
    server.use(
      ...signedInShell(OWNER),
      on(r.formLinks, () => reply(r.formLinks, 200, { success: true, data: [] })),
      on(r.staff, () => reply(r.staff, 200, { success: true, data: [] })),
      on(r.listLeads, () => {
        reads += 1;
        return reply(r.listLeads, 200, { success: true, data: leads, totalCount: leads.length, pagination: { page: 1, limit: 100, totalPages: 1 } });
      }),
    );
    renderApp('/dashboard/enquiries');
    const board = await screen.findByTestId('lead-board');
    expect(within(board).getByText('Kiran Shah')).toBeTruthy();
    const socket = stubSocket();
    await waitFor(() => expect(document.querySelector('.enq-page')?.getAttribute('data-live')).toBe('true'));
    const before = reads;

    socket.fire(ENQUIRIES_SOCKET_EVENTS.changed, { leadId: 'not an id' });
    leads = [...leads, aLead('Meera Iyer', 'contacted')];
    socket.fire(ENQUIRIES_SOCKET_EVENTS.changed, { leadId: leads[1]!.id, locationId: PUNE._id });
    socket.fire(ENQUIRIES_SOCKET_EVENTS.changed, { leadId: leads[1]!.id, locationId: PUNE._id });
    expect(await within(screen.getByTestId('column-contacted')).findByText('Meera Iyer')).toBeTruthy();
    // Two pings close together are one read.
    expect(reads).toBe(before + 1);
  });

  it('reads again after a reconnect (pings are at most once), not on the first connection', async () => {
    let reads = 0;
    server.use(
      ...signedInShell(OWNER),
      on(r.formLinks, () => reply(r.formLinks, 200, { success: true, data: [] })),
      on(r.staff, () => reply(r.staff, 200, { success: true, data: [] })),
      on(r.listLeads, () => {
        reads += 1;
        return reply(r.listLeads, 200, { success: true, data: [aLead('Kiran Shah')], totalCount: 1, pagination: { page: 1, limit: 100, totalPages: 1 } });
      }),
    );
    renderApp('/dashboard/enquiries');
    await screen.findByTestId('lead-board');
    const socket = stubSocket();
    socket.fire('connect');
    const before = reads;
    socket.fire('disconnect');
    await waitFor(() => expect(document.querySelector('.enq-page')?.getAttribute('data-live')).toBe('false'));
    socket.fire('connect');
    await waitFor(() => expect(reads).toBe(before + 1));
  });
});
