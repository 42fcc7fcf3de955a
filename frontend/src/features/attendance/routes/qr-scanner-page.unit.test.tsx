// @vitest-environment jsdom
import { attendanceRoutes } from '@akhada/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, MEMBER_ID } from '../../../testing/attendance';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { renderApp } from '../../../testing/render-app';

const g = globalThis as { BarcodeDetector?: unknown };

function stubCamera(result: 'ok' | 'denied') {
  const stop = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() =>
        result === 'ok' ? Promise.resolve({ getTracks: () => [{ stop }] }) : Promise.reject(new DOMException('denied', 'NotAllowedError')),
      ),
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  return { stop };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete g.BarcodeDetector;
});

describe('QR scanner', { timeout: 15_000 }, () => {
  it('requires a member ID, then checks in with the trimmed ID and says so for 5 seconds', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.checkIn, async ({ request }) => {
        bodies.push(await request.json());
        return reply(attendanceRoutes.checkIn, 201, {
          success: true,
          data: anAttendance({ name: 'Priya Sharma', status: 'active', checkOutTime: null, duration: null }),
        });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/dashboard/attendance/scan');
    expect(await screen.findByRole('heading', { name: 'QR Code Scanner', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How to Use' })).toBeTruthy();

    await user.type(screen.getByTestId('member-id'), '   ');
    await user.click(screen.getByTestId('check-in'));
    expect(await screen.findByText('Please enter a member ID')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByTestId('member-id'));
    await user.type(screen.getByTestId('member-id'), `  ${MEMBER_ID}  `);
    await user.click(screen.getByTestId('check-in'));
    const toast = await screen.findByTestId('attendance-toast');
    expect(toast.textContent).toContain('Check-in successful for Priya Sharma');
    expect(bodies[0]).toMatchObject({ memberId: MEMBER_ID, workoutType: 'other', checkInMethod: 'manual' });

    act(() => void vi.advanceTimersByTime(4800));
    expect(screen.queryByTestId('attendance-toast')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('attendance-toast')).toBeNull();
  });

  it("shows the server's message when a check-out is refused, else the default", async () => {
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.checkOut, () => problem(404, 'NO_ACTIVE_SESSION', 'No active check-in found for this member')),
      on(attendanceRoutes.checkIn, () => problem(500, 'INTERNAL', 'boom')),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.type(await screen.findByTestId('member-id'), MEMBER_ID);
    await user.click(screen.getByTestId('check-out'));
    expect((await screen.findByTestId('attendance-toast')).textContent).toContain('No active check-in found for this member');
    await user.clear(screen.getByTestId('member-id'));
    await user.type(screen.getByTestId('member-id'), MEMBER_ID);
    await user.click(screen.getByTestId('check-in'));
    await waitFor(() => expect(screen.getByTestId('attendance-toast').textContent).toContain('Check-in failed. Please try again.'));
  });

  it('decodes a QR code from the camera (BarcodeDetector) and posts it to scan-qr', async () => {
    const scanned: unknown[] = [];
    const { stop } = stubCamera('ok');
    let reads = 0;
    g.BarcodeDetector = class {
      static getSupportedFormats = () => Promise.resolve(['qr_code']);
      detect = () => {
        reads += 1;
        return Promise.resolve([{ rawValue: 'signed-payload' }]);
      };
    };
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.scanQr, async ({ request }) => {
        scanned.push(await request.json());
        const attendance = anAttendance({ name: 'Rahul Verma', status: 'active', checkOutTime: null, duration: null });
        return reply(attendanceRoutes.scanQr, 201, { success: true, data: { attendance, member: { _id: MEMBER_ID, name: 'Rahul Verma' } } });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.click(await screen.findByTestId('start-camera'));
    expect((await screen.findByTestId('attendance-toast', {}, { timeout: 4000 })).textContent).toContain('Check-in successful for Rahul Verma');
    expect(scanned[0]).toMatchObject({ qrCode: 'signed-payload', checkInMethod: 'qr' });
    // The same code held up again is not sent twice.
    const seen = reads;
    await waitFor(() => expect(reads).toBeGreaterThan(seen + 1), { timeout: 4000 });
    expect(scanned).toHaveLength(1);
    await user.click(screen.getByTestId('stop-camera'));
    expect(stop).toHaveBeenCalled();
    expect(screen.getByTestId('start-camera')).toBeTruthy();
  });

  it('says when the camera cannot be opened', async () => {
    stubCamera('denied');
    server.use(...signedInShell());
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.click(await screen.findByTestId('start-camera'));
    expect((await screen.findByTestId('camera-error')).textContent).toBe('Unable to access camera. Please check permissions.');
  });
});
