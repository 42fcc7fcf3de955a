// @vitest-environment jsdom
import '../../testing/setup';
import { ATTENDANCE_SOCKET_EVENTS, type PresenceCheckedIn, type PresenceCheckedOut } from '@akhada/contracts';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setHubSocket, type HubSocketLike } from './hub-socket';
import { useLocationPresence, type PresenceEvent } from './use-location-presence';

/** A stand-in for the bell's socket.io socket: listeners by event, and `fire` plays the server. */
const fakeSocket = (connected = true) => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const s = {
    connected,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return s;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(fn);
      return s;
    },
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') s.connected = true;
      if (event === 'disconnect') s.connected = false;
      act(() => listeners.get(event)?.forEach((fn) => fn(...args)));
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
  return s;
};

const L1 = '0195d6a4-0000-7000-8000-000000000001';
const L2 = '0195d6a4-0000-7000-8000-000000000002';
const checkIn = (i: number, locationId = L1): PresenceCheckedIn => ({
  attendanceId: `0195d6a4-0000-7000-8000-1000000000${String(i).padStart(2, '0')}`,
  locationId,
  subjectType: 'member',
  subjectId: `0195d6a4-0000-7000-8000-2000000000${String(i).padStart(2, '0')}`,
  name: `Member ${i}`,
  checkInTime: '2026-11-23T05:00:00.000Z',
  method: 'qr',
});
const checkOut = (i: number): PresenceCheckedOut => ({
  attendanceId: checkIn(i).attendanceId,
  locationId: L1,
  subjectType: 'member',
  subjectId: checkIn(i).subjectId,
  checkOutTime: '2026-11-23T06:00:00.000Z',
  durationMinutes: 60,
  autoClosed: false,
});

/** What a dashboard does: an "in the gym now" counter for L1 that moves with the pushes. */
function Counter({ seen, enabled = true }: { seen: PresenceEvent[]; enabled?: boolean }) {
  const [inGym, setInGym] = useState(0);
  const { live } = useLocationPresence((e) => {
    seen.push(e);
    if (e.type !== 'resync' && e.data.locationId === L1) setInGym((n) => n + (e.type === 'checked_in' ? 1 : -1));
  }, enabled);
  return (
    <p>
      <span data-testid="count">{inGym}</span> <span data-testid="live">{live ? 'live' : 'offline'}</span>
    </p>
  );
}

afterEach(() => setHubSocket(null));

describe('useLocationPresence', () => {
  it('moves the counter with check-ins and check-outs of its location, ignoring others and malformed payloads', () => {
    const socket = fakeSocket();
    setHubSocket(socket as unknown as HubSocketLike);
    const seen: PresenceEvent[] = [];
    render(<Counter seen={seen} />);
    expect(screen.getByTestId('live').textContent).toBe('live');
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, checkIn(1));
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, checkIn(2));
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, checkIn(3, L2));
    expect(screen.getByTestId('count').textContent).toBe('2');
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedOut, checkOut(1));
    expect(screen.getByTestId('count').textContent).toBe('1');

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, { attendanceId: 'nope' });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    expect(screen.getByTestId('count').textContent).toBe('1');
    expect(seen.map((e) => e.type)).toEqual(['checked_in', 'checked_in', 'checked_in', 'checked_out']);
  });

  it('reports the connection going away and asks for a resync when it comes back', () => {
    const socket = fakeSocket();
    setHubSocket(socket as unknown as HubSocketLike);
    const seen: PresenceEvent[] = [];
    render(<Counter seen={seen} />);
    socket.fire('disconnect', 'transport close');
    expect(screen.getByTestId('live').textContent).toBe('offline');
    socket.fire('connect');
    expect(screen.getByTestId('live').textContent).toBe('live');
    expect(seen).toEqual([{ type: 'resync' }]);
  });

  it('follows the socket when the bell opens it after the screen, and lets go of it on unmount', () => {
    const seen: PresenceEvent[] = [];
    const { unmount } = render(<Counter seen={seen} />);
    expect(screen.getByTestId('live').textContent).toBe('offline');
    const socket = fakeSocket(false);
    act(() => setHubSocket(socket as unknown as HubSocketLike));
    socket.fire('connect');
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, checkIn(1));
    expect(screen.getByTestId('count').textContent).toBe('1');
    expect(seen.map((e) => e.type)).toEqual(['resync', 'checked_in']);

    // A signed-out bell closes its socket: nothing is listened to any more.
    act(() => setHubSocket(null));
    expect(socket.listenerCount()).toBe(0);
    expect(screen.getByTestId('live').textContent).toBe('offline');
    act(() => setHubSocket(socket as unknown as HubSocketLike));
    expect(socket.listenerCount()).toBe(4);
    unmount();
    expect(socket.listenerCount()).toBe(0);
  });

  it('listens to nothing while disabled', () => {
    const socket = fakeSocket();
    setHubSocket(socket as unknown as HubSocketLike);
    const seen: PresenceEvent[] = [];
    render(<Counter seen={seen} enabled={false} />);
    socket.fire(ATTENDANCE_SOCKET_EVENTS.checkedIn, checkIn(1));
    expect(seen).toEqual([]);
    expect(socket.listenerCount()).toBe(0);
    expect(screen.getByTestId('live').textContent).toBe('offline');
  });
});
