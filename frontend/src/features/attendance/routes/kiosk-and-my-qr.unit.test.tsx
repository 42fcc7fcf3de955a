// @vitest-environment jsdom
import { attendanceRoutes } from '@akhada/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, MEMBER_ID } from '../../../testing/attendance';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { readQueue } from '../lib/offline-queue';

const g = globalThis as { BarcodeDetector?: unknown };

/** The camera sees `code` (a function: what it sees at each read); `reads` counts the frames read. */
function stubCameraShowing(code: string | (() => string)) {
  const camera = { reads: 0 };
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [{ stop: () => undefined }] })) },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  g.BarcodeDetector = class {
    static getSupportedFormats = () => Promise.resolve(['qr_code']);
    detect = () => {
      camera.reads += 1;
      return Promise.resolve([{ rawValue: typeof code === 'string' ? code : code() }]);
    };
  };
  return camera;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
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

  it('sends a code held up to the camera once, however long it stays and however slowly the answer comes; the next code at once', async () => {
    let showing = 'member-a-code';
    const camera = stubCameraShowing(() => showing);
    const sent: string[] = [];
    const slowAnswer = barrier();
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.scanQr, async ({ request }) => {
        const { qrCode } = (await request.json()) as { qrCode: string };
        sent.push(qrCode);
        if (sent.length === 1) await slowAnswer.released;
        // The server's replay rule: a code is used once.
        if (sent.indexOf(qrCode) !== sent.length - 1) return problem(409, 'QR_CODE_USED', 'This QR code has already been used. Please generate a new one.');
        return scanReply();
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/dashboard/attendance/kiosk');
    await waitFor(() => expect(sent).toEqual(['member-a-code']));

    // The answer takes 6 seconds; the camera keeps reading the code all the while.
    const readsBefore = camera.reads;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(camera.reads).toBeGreaterThan(readsBefore + 5);
    expect(sent).toEqual(['member-a-code']);
    slowAnswer.release();
    expect((await screen.findByTestId('kiosk-welcome')).textContent).toContain('Welcome, Kiran Patil!');

    // The member keeps holding the phone up for 10 more seconds: nothing more is sent, no "already used".
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sent).toEqual(['member-a-code']);
    expect(screen.queryByText(/already been used/)).toBeNull();

    // The next member's code is read at once.
    showing = 'member-b-code';
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(sent).toEqual(['member-a-code', 'member-b-code']));
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
