// @vitest-environment jsdom
import '../../../testing/setup';
import { ATTENDANCE_SOCKET_EVENTS } from '@akhada/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@akhada/contracts';
import { useNotificationSocket } from './use-notification-socket';
import { clearToken, setToken } from '../../../lib/auth/token-store';
import { notificationKeys } from '../../../lib/query-keys/notifications';
import { getHubSocket } from '../../../lib/realtime/hub-socket';
import { useHubConnection } from '../../../lib/realtime/use-hub-connection';
import { useLocationPresence, type PresenceEvent } from '../../../lib/realtime/use-location-presence';

/** socket.io-client's io() replaced by one fake socket: listeners by event, `fire` plays the server. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    active: true,
    on: (e: string, fn: (...args: unknown[]) => void) => (listeners.set(e, (listeners.get(e) ?? new Set()).add(fn)), socket),
    off: (e: string, fn: (...args: unknown[]) => void) => (listeners.get(e)?.delete(fn), socket),
    removeAllListeners: () => (listeners.clear(), socket),
    io: { removeAllListeners: () => undefined },
    connect: () => socket,
    disconnect: () => socket,
    fire: (e: string, ...args: unknown[]) => listeners.get(e)?.forEach((fn) => fn(...args)),
  };
  return { socket, opened: 0 };
});
vi.mock('socket.io-client', () => ({
  io: () => {
    fake.opened += 1;
    return fake.socket;
  },
}));

/** The shell owns the connection; the bell is one listener among others and may be absent. */
function Shell({ seen, bell }: { seen: PresenceEvent[]; bell: boolean }) {
  useHubConnection(true);
  return (
    <>
      {bell ? <Bell /> : null}
      <Presence seen={seen} />
    </>
  );
}
function Bell() {
  useNotificationSocket();
  return null;
}
function Presence({ seen }: { seen: PresenceEvent[] }) {
  useLocationPresence((e) => seen.push(e));
  return null;
}

afterEach(() => {
  clearToken('signed-out');
  fake.opened = 0;
});

describe('the shell’s hub socket, shared by the bell and live presence', () => {
  it('is the one connection presence listens on, with or without the bell, and is let go when the shell unmounts', () => {
    setToken('a.b.c');
    const seen: PresenceEvent[] = [];
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <Shell seen={seen} bell={false} />
      </QueryClientProvider>,
    );
    expect(fake.opened).toBe(1);
    expect(getHubSocket()).toBe(fake.socket);
    const payload = {
      attendanceId: '0195d6a4-0000-7000-8000-100000000001',
      locationId: '0195d6a4-0000-7000-8000-000000000001',
      type: 'member',
      memberId: '0195d6a4-0000-7000-8000-200000000001',
      name: 'Priya Sharma',
      checkInTime: '2026-11-23T05:00:00.000Z',
      checkInMethod: 'kiosk',
      workoutType: 'other',
    };
    act(() => fake.socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, payload));
    expect(seen).toEqual([{ type: 'checked_in', data: payload }]);
    unmount();
    expect(getHubSocket()).toBeNull();
  });

  it('the bell adds its listeners to that connection: a pushed unread count lands in the cache, and closing the bell opens nothing', () => {
    setToken('a.b.c');
    const qc = new QueryClient();
    const { rerender, unmount } = render(
      <QueryClientProvider client={qc}>
        <Shell seen={[]} bell />
      </QueryClientProvider>,
    );
    act(() => fake.socket.fire(SOCKET_EVENTS.unreadCount, { unreadCount: 3 }));
    expect(qc.getQueryData(notificationKeys.unreadCount)).toEqual({ unreadCount: 3 });
    rerender(
      <QueryClientProvider client={qc}>
        <Shell seen={[]} bell={false} />
      </QueryClientProvider>,
    );
    expect(fake.opened).toBe(1);
    expect(getHubSocket()).toBe(fake.socket);
    unmount();
  });
});
