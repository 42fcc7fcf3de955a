// @vitest-environment jsdom
import '../../../testing/setup';
import { SOCKET_EVENTS, type Notification } from '@akhada/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { schedulingKeys } from '../api/scheduling-api';
import { useLiveScheduling } from './use-live-scheduling';

/** A hub socket that the test plays the server of. */
function fakeSocket(connected = true) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected,
    on: (e: string, fn: (...args: unknown[]) => void) => (listeners.set(e, (listeners.get(e) ?? new Set()).add(fn)), socket),
    off: (e: string, fn: (...args: unknown[]) => void) => (listeners.get(e)?.delete(fn), socket),
    fire: (e: string, ...args: unknown[]) => act(() => listeners.get(e)?.forEach((fn) => fn(...args))),
  };
  return socket;
}

const aNotification = (category: string): Notification => ({
  _id: crypto.randomUUID(),
  type: 'attendance',
  category,
  status: 'unread',
  priority: 'high',
  title: "You're in: Sunrise Yoga",
  message: 'A place came free and it is yours.',
  createdAt: '2099-03-01T10:00:00.000Z',
  readAt: null,
  actionUrl: '/dashboard/me/bookings',
  actionText: 'Open',
  locationId: null,
});

/** A screen with one scheduling query (its fetches counted) and the hook; `live` is what the hook says. */
function render_() {
  const fetches = { n: 0 };
  const seen: { live: boolean } = { live: false };
  function Screen() {
    useQuery({ queryKey: schedulingKeys.myBookings(false), queryFn: () => ++fetches.n });
    seen.live = useLiveScheduling().live;
    return null;
  }
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={qc}>
      <Screen />
    </QueryClientProvider>,
  );
  return { fetches, seen, qc };
}

afterEach(() => {
  vi.useRealTimers();
  setHubSocket(null);
});

describe('useLiveScheduling', () => {
  it('reads the scheduling screens again when a notification of a changed place or a cancelled class arrives, and only then', async () => {
    const socket = fakeSocket();
    setHubSocket(socket as unknown as HubSocketLike);
    const { fetches, seen, qc } = render_();
    await waitFor(() => expect(fetches.n).toBe(1));
    expect(seen.live).toBe(true);

    // Other notifications and a malformed push move nothing.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    socket.fire(SOCKET_EVENTS.notificationNew, aNotification('payment'));
    socket.fire(SOCKET_EVENTS.notificationNew, { category: 'class_booking' });
    vi.advanceTimersByTime(1_000);
    expect(invalidate).not.toHaveBeenCalled();
    // "You're in" / an offer, and a cancelled class: everything under ['scheduling'] is read again.
    socket.fire(SOCKET_EVENTS.notificationNew, aNotification('class_booking'));
    vi.advanceTimersByTime(1_000);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: schedulingKeys.all });
    socket.fire(SOCKET_EVENTS.notificationNew, aNotification('class_cancelled'));
    vi.advanceTimersByTime(1_000);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(fetches.n).toBe(3));
  });

  it('says when the socket is down (the screens poll quickly then) and reads again after a reconnect', async () => {
    const socket = fakeSocket(false);
    setHubSocket(socket as unknown as HubSocketLike);
    const { fetches, seen } = render_();
    await waitFor(() => expect(fetches.n).toBe(1));
    expect(seen.live).toBe(false);
    socket.fire('connect');
    await waitFor(() => expect(seen.live).toBe(true));
    expect(fetches.n).toBe(1);
    socket.fire('disconnect');
    await waitFor(() => expect(seen.live).toBe(false));
    socket.fire('connect');
    await waitFor(() => expect(fetches.n).toBe(2));
  });
});
