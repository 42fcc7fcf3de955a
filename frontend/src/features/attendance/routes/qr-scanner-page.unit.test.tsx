// @vitest-environment jsdom
import { attendanceRoutes, memberRoutes, type Member } from '@akhada/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, MEMBER_ID } from '../../../testing/attendance';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aMember } from '../../../testing/fixtures';
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

/**
 * GET /members?search= as the service answers it: name, phone digits or the member's id; every search is recorded.
 * `fail` answers 503 while it is true.
 */
function membersSearch(members: Member[], o: { searches?: string[]; fail?: { on: boolean } } = {}) {
  return on(memberRoutes.list, ({ request }) => {
    const term = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
    o.searches?.push(term);
    if (o.fail?.on) return problem(503, 'UNAVAILABLE', 'down');
    const digits = term.replace(/\D/g, '');
    const found = members.filter(
      (m) => m.fullName.toLowerCase().includes(term) || m._id === term || (digits.length >= 3 && m.user.phone.replace(/\D/g, '').includes(digits)),
    );
    return reply(memberRoutes.list, 200, { success: true, data: found, totalCount: found.length, pagination: { page: 1, limit: 6, totalPages: 1 } });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete g.BarcodeDetector;
});

describe('QR scanner', { timeout: 30_000 }, () => {
  it('requires a member ID, then checks in with the trimmed ID and says so for 5 seconds', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      membersSearch([aMember({ _id: MEMBER_ID, firstName: 'Priya', lastName: 'Sharma' })]),
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

    await user.type(screen.getByTestId('member-search'), '   ');
    await user.click(screen.getByTestId('check-in'));
    expect(await screen.findByText('Please enter a member ID')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    // A member ID typed (or scanned) in full is taken as it is.
    await user.clear(screen.getByTestId('member-search'));
    await user.type(screen.getByTestId('member-search'), `  ${MEMBER_ID}  `);
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
      membersSearch([]),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.type(await screen.findByTestId('member-search'), MEMBER_ID);
    await user.click(screen.getByTestId('check-out'));
    expect((await screen.findByTestId('attendance-toast')).textContent).toContain('No active check-in found for this member');
    await user.clear(screen.getByTestId('member-search'));
    await user.type(screen.getByTestId('member-search'), MEMBER_ID);
    await user.click(screen.getByTestId('check-in'));
    await waitFor(() => expect(screen.getByTestId('attendance-toast').textContent).toContain('Check-in failed. Please try again.'));
  });

  it('finds the member by name with the keyboard (combobox) and checks them in by their id', async () => {
    const priya = aMember({ firstName: 'Priya', lastName: 'Sharma' });
    const pritam = aMember({
      firstName: 'Pritam',
      lastName: 'Das',
      user: { firstName: 'Pritam', lastName: 'Das', email: 'p@example.in', phone: '+91 99887 76655' },
    });
    const searches: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      membersSearch([priya, pritam, aMember({ firstName: 'Rahul', lastName: 'Verma' })], { searches }),
      on(attendanceRoutes.checkIn, async ({ request }) => {
        bodies.push(await request.json());
        return reply(attendanceRoutes.checkIn, 201, {
          success: true,
          data: anAttendance({ name: 'Pritam Das', status: 'active', checkOutTime: null, duration: null }),
        });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    const input = await screen.findByTestId('member-search');
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // The label names it (FormField's label for=).
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toContain('Member');
    await user.type(input, 'pri');
    const list = await screen.findByRole('listbox', { name: 'Matching members' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`Priya Sharma${priya.user.phone}`, 'Pritam Das+91 99887 76655']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(await screen.findByText('2 members found. Use the arrow keys and Enter to choose.')).toBeTruthy();
    expect(searches).toContain('pri');

    // Down twice: the second option is the active descendant; focus stays in the input.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = within(list).getByRole('option', { selected: true });
    expect(active.textContent).toContain('Pritam Das');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Enter}');

    const chosen = await screen.findByTestId('member-chosen');
    expect(chosen.textContent).toContain('Pritam Das');
    expect(document.activeElement).toBe(within(chosen).getByRole('button', { name: 'Choose another member instead of Pritam Das' }));
    expect(bodies).toHaveLength(0); // Enter picked; it did not send the form
    await user.click(screen.getByTestId('check-in'));
    await waitFor(() => expect(bodies[0]).toMatchObject({ memberId: pritam._id, checkInMethod: 'manual' }));
    // The form starts afresh: an empty search box again.
    expect(((await screen.findByTestId('member-search')) as HTMLInputElement).value).toBe('');
  }, 30_000);

  it('says when nothing matches, asks to pick from the list, and offers a retry when the search fails', async () => {
    const fail = { on: true };
    const bodies: unknown[] = [];
    const rahul = aMember({ firstName: 'Rahul', lastName: 'Verma' });
    server.use(
      ...signedInShell(),
      membersSearch([rahul], { fail }),
      on(attendanceRoutes.checkIn, async ({ request }) => {
        bodies.push(await request.json());
        return reply(attendanceRoutes.checkIn, 201, { success: true, data: anAttendance({ name: 'Rahul Verma' }) });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    const input = await screen.findByTestId('member-search');
    await user.type(input, 'rah');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not search the members. Try again.');
    fail.on = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    // The retry goes back to the input with its list open.
    expect((await screen.findByTestId('member-option')).textContent).toContain('Rahul Verma');
    expect(document.activeElement).toBe(input);

    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('No members match.')).toBeTruthy();
    await user.click(screen.getByTestId('check-in'));
    expect(await screen.findByText('Choose a member from the list')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    // Escape closes nothing here, so it clears the text.
    input.focus();
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
  }, 30_000);

  it('Manual Check-in opens a dialog to find the member by phone, and closes once checked in', async () => {
    const kavita = aMember({
      firstName: 'Kavita',
      lastName: 'Rao',
      user: { firstName: 'Kavita', lastName: 'Rao', email: 'k@example.in', phone: '+91 98111 22333' },
    });
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      membersSearch([kavita]),
      on(attendanceRoutes.checkIn, async ({ request }) => {
        bodies.push(await request.json());
        return reply(attendanceRoutes.checkIn, 201, {
          success: true,
          data: anAttendance({ name: 'Kavita Rao', status: 'active', checkOutTime: null, duration: null }),
        });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.click(await screen.findByTestId('manual-check-in'));
    const dialog = await screen.findByRole('dialog', { name: 'Manual Check-in' });
    const input = within(dialog).getByTestId('manual-member-search');
    expect(document.activeElement).toBe(input);
    await user.click(within(dialog).getByTestId('manual-check-in-submit'));
    expect(await within(dialog).findByText('Please enter a member ID')).toBeTruthy();
    await user.type(input, '98111 22');
    const option = await within(dialog).findByTestId('manual-member-option');
    expect(option.getAttribute('role')).toBe('option');
    expect(option.textContent).toContain('Kavita Rao');
    await user.click(option);
    expect(within(dialog).getByTestId('manual-member-chosen').textContent).toContain('Kavita Rao');
    await user.click(within(dialog).getByTestId('manual-check-in-submit'));
    await waitFor(() => expect(bodies).toEqual([{ memberId: kavita._id, workoutType: 'other', notes: '', checkInMethod: 'manual' }]));
    expect((await screen.findByTestId('attendance-toast')).textContent).toContain('Check-in successful for Kavita Rao');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manual Check-in' })).toBeNull());
  }, 30_000);

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

  it('checks a trial pass in by its code typed at the desk; an expired pass says when it expired', async () => {
    const sent: unknown[] = [];
    let expired = false;
    server.use(
      ...signedInShell(),
      on(attendanceRoutes.trialCheckIn, async ({ request }) => {
        sent.push(await request.json());
        if (expired) return problem(409, 'TRIAL_PASS_EXPIRED', 'This trial pass expired on 13 Mar 2030.');
        return reply(attendanceRoutes.trialCheckIn, 201, {
          success: true,
          data: {
            _id: crypto.randomUUID(),
            passId: crypto.randomUUID(),
            leadId: crypto.randomUUID(),
            name: 'Kiran Shah',
            locationId: crypto.randomUUID(),
            visitTime: '2030-03-11T05:00:00.000Z',
            checkInMethod: 'manual',
            visitNumber: 1,
            validUntil: '2030-03-13T18:30:00.000Z',
            lastDay: '2030-03-13',
          },
        });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    const form = within(await screen.findByTestId('trial-form'));
    await user.click(form.getByTestId('trial-check-in'));
    expect(form.getByRole('alert').textContent).toBe('Enter the pass code');
    expect(sent).toEqual([]);
    await user.type(form.getByLabelText('Pass code'), 'tp-abcde-fghjk');
    await user.click(form.getByTestId('trial-check-in'));
    expect((await screen.findByTestId('attendance-toast')).textContent).toContain('Trial visit recorded for Kiran Shah');
    expect(sent).toEqual([{ passCode: 'tp-abcde-fghjk', checkInMethod: 'manual' }]);
    expect((form.getByLabelText('Pass code') as HTMLInputElement).value).toBe('');
    expired = true;
    await user.type(form.getByLabelText('Pass code'), 'TP-ABCDE-FGHJK');
    await user.click(form.getByTestId('trial-check-in'));
    await waitFor(() => expect(screen.getByTestId('attendance-toast').textContent).toContain('This trial pass expired on 13 Mar 2030.'));
  });

  it('says when the camera cannot be opened', async () => {
    stubCamera('denied');
    server.use(...signedInShell());
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.click(await screen.findByTestId('start-camera'));
    expect((await screen.findByTestId('camera-error')).textContent).toBe('Unable to access camera. Please check permissions.');
  });
});
