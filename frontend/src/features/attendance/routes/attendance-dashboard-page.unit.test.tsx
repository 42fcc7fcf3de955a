// @vitest-environment jsdom
import { ATTENDANCE_SOCKET_EVENTS, attendanceRoutes } from '@akhada/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, anOverview, overviewIs, todayIs } from '../../../testing/attendance';
import { on, problem } from '../../../testing/contract-handlers';
import { renderApp } from '../../../testing/render-app';
import { setHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';

describe('attendance dashboard', { timeout: 15_000 }, () => {
  it('shows the four cards linking to the management page, quick stats and who is in the gym now', async () => {
    server.use(
      ...signedInShell(),
      overviewIs(anOverview()),
      todayIs([anAttendance({ name: 'Rahul Verma', status: 'active', checkOutTime: null, duration: null })]),
    );
    renderApp('/dashboard/attendance');

    expect(await screen.findByRole('heading', { name: 'Attendance Dashboard', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('card-today-value')).textContent).toBe('42');
    expect(screen.getByTestId('card-present-value').textContent).toBe('7');
    expect(screen.getByTestId('card-weekly-value').textContent).toBe('38.4');
    expect(screen.getByTestId('card-monthly-value').textContent).toBe('35.2');
    expect(screen.getByTestId('card-today').getAttribute('href')).toBe('/dashboard/attendance/manage?filter=today');
    expect(screen.getByTestId('card-present').getAttribute('href')).toBe('/dashboard/attendance/manage?filter=present');
    expect(screen.getByTestId('card-weekly').getAttribute('href')).toBe('/dashboard/attendance/manage?filter=weekly');
    expect(screen.getByTestId('card-monthly').getAttribute('href')).toBe('/dashboard/attendance/manage?filter=monthly');
    expect(screen.getByTestId('attendance-rate').textContent).toBe('64.5%');
    expect(within(await screen.findByTestId('live-list')).getByText('Rahul Verma')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'QR Scanner' }).getAttribute('href')).toBe('/dashboard/attendance/scan');
    expect(screen.getByRole('link', { name: 'View Reports' }).getAttribute('href')).toBe('/dashboard/attendance/manage?reports=1');
    // The peak hours' numbers for screen readers (the chart itself is not drawn in jsdom).
    expect(screen.getByRole('table', { name: 'Check-ins by hour' })).toBeTruthy();
  });

  it('says "Unable to load attendance data" when the overview fails, and Retry loads it', async () => {
    let failing = true;
    server.use(
      ...signedInShell(),
      todayIs([]),
      on(attendanceRoutes.overview, () => {
        return failing
          ? problem(500, 'INTERNAL', 'boom')
          : Response.json({ success: true, data: anOverview({ today: { totalCheckIns: 9, activeSessions: 1, membersPresent: 1 } }) });
      }),
    );
    const { user } = renderApp('/dashboard/attendance');
    expect(await screen.findByText('Unable to load attendance data')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
    failing = false;
    await user.click(screen.getByTestId('retry-button'));
    expect((await screen.findByTestId('card-today-value')).textContent).toBe('9');
  });

  it('reads the counters again when the hub pushes a check-in, without reload', async () => {
    let checkIns = 3;
    server.use(
      ...signedInShell(),
      todayIs([]),
      on(attendanceRoutes.overview, () =>
        Response.json({ success: true, data: anOverview({ today: { totalCheckIns: checkIns, activeSessions: 0, membersPresent: 0 } }) }),
      ),
    );
    renderApp('/dashboard/attendance');
    expect((await screen.findByTestId('card-today-value')).textContent).toBe('3');
    // The bell's socket, played by a stand-in: connected, then one check-in pushed.
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const socket = {
      connected: true,
      on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, fn),
      off: (event: string) => listeners.delete(event),
    };
    act(() => setHubSocket(socket as unknown as HubSocketLike));
    await waitFor(() => expect(screen.getByTestId('live-heading').getAttribute('data-live')).toBe('true'));
    checkIns = 4;
    act(() =>
      listeners.get(ATTENDANCE_SOCKET_EVENTS.checkedIn)?.({
        attendanceId: '0198a3c1-0000-7000-8000-000000009001',
        locationId: '0198a3c1-0000-7000-8000-0000000000a1',
        type: 'member',
        memberId: '0198a3c1-0000-7000-8000-00000000c001',
        name: 'Kiran Patil',
        checkInTime: '2026-11-23T05:00:00.000Z',
        checkInMethod: 'qr',
        workoutType: 'other',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('card-today-value').textContent).toBe('4'));
    act(() => setHubSocket(null));
  });

  it('sends /attendance/qr-scanner to the scanner', async () => {
    server.use(...signedInShell());
    renderApp('/dashboard/attendance/qr-scanner');
    expect(await screen.findByRole('heading', { name: 'QR Code Scanner', level: 1 })).toBeTruthy();
  });
});
