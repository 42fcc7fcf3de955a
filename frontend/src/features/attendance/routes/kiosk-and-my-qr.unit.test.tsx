// @vitest-environment jsdom
import { attendanceRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, MEMBER_ID } from '../../../testing/attendance';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { readQueue } from '../lib/offline-queue';

const g = globalThis as { BarcodeDetector?: unknown };

function stubCameraShowing(code: string) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [{ stop: () => undefined }] })) },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  g.BarcodeDetector = class {
    static getSupportedFormats = () => Promise.resolve(['qr_code']);
    detect = () => Promise.resolve([{ rawValue: code }]);
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete g.BarcodeDetector;
});

const scanReply = () =>
  reply(attendanceRoutes.scanQr, 201, {
    success: true,
    data: {
      attendance: anAttendance({ name: 'Kiran Patil', status: 'active', checkOutTime: null, duration: null }),
      member: { _id: MEMBER_ID, name: 'Kiran Patil' },
    },
  });

describe('check-in kiosk', { timeout: 15_000 }, () => {
  it('scans by itself and welcomes the member by name and initials', async () => {
    stubCameraShowing('kiosk-code');
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.scanQr, async ({ request }) => {
        bodies.push(await request.json());
        return scanReply();
      }),
    );
    renderApp('/dashboard/attendance/kiosk');
    const welcome = await screen.findByTestId('kiosk-welcome');
    expect(welcome.textContent).toContain('KP');
    expect(welcome.textContent).toContain('Welcome, Kiran Patil!');
    expect(bodies[0]).toMatchObject({ qrCode: 'kiosk-code', checkInMethod: 'kiosk' });
  });

  it('queues a scan while the network is down and sends it with its time when the network returns', async () => {
    stubCameraShowing('offline-code');
    let online = false;
    const bodies: { qrCode: string; scannedAt?: string }[] = [];
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.scanQr, async ({ request }) => {
        if (!online) return HttpResponse.error();
        bodies.push((await request.json()) as { qrCode: string; scannedAt?: string });
        return scanReply();
      }),
    );
    renderApp('/dashboard/attendance/kiosk');
    expect(await screen.findByText('Saved. It will be sent when the connection returns.')).toBeTruthy();
    expect(readQueue()[0]).toMatchObject({ qrCode: 'offline-code' });
    const scannedAt = readQueue()[0]!.scannedAt;
    expect(screen.getByTestId('kiosk-queue').textContent).toContain('Offline: 1 scans waiting');

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(bodies.some((b) => b.scannedAt === scannedAt && b.qrCode === 'offline-code')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('kiosk-queue')).toBeNull());
  });
});

describe('my QR code', { timeout: 15_000 }, () => {
  it("draws the member's signed code, their streak and visits", async () => {
    const member = aUser({ role: 'member', _id: MEMBER_ID });
    server.use(
      ...signedInShell(member),
      on(attendanceRoutes.myQr, () =>
        reply(attendanceRoutes.myQr, 200, {
          success: true,
          data: {
            qrCode: 'eyJ0eXBlIjoiYXR0ZW5kYW5jZSJ9.sig',
            memberId: MEMBER_ID,
            issuedAt: '2026-11-23T05:00:00.000Z',
            expiresAt: '2026-11-24T05:00:00.000Z',
          },
        }),
      ),
      on(attendanceRoutes.streaks, () =>
        reply(attendanceRoutes.streaks, 200, {
          success: true,
          data: { memberId: MEMBER_ID, currentStreak: 3, longestStreak: 9, totalVisits: 20, lastVisit: '2026-11-23T05:00:00.000Z' },
        }),
      ),
      on(attendanceRoutes.memberHistory, () =>
        reply(attendanceRoutes.memberHistory, 200, {
          success: true,
          data: [anAttendance({ workoutType: 'cardio' })],
          pagination: { current: 1, pages: 1, total: 1, limit: 20 },
          summary: { totalVisits: 1, totalMinutes: 60, avgDuration: 60 },
        }),
      ),
    );
    renderApp('/dashboard/me/qr');
    const img = await screen.findByRole('img', { name: 'Your attendance QR code' });
    expect(img.getAttribute('data-qr')).toBe('eyJ0eXBlIjoiYXR0ZW5kYW5jZSJ9.sig');
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect((await screen.findByTestId('current-streak')).textContent).toBe('3 days');
    expect(await screen.findByText('Cardio')).toBeTruthy();
  });
});
