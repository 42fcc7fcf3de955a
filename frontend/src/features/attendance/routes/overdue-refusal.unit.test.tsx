// @vitest-environment jsdom
import { attendanceRoutes, memberRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, MEMBER_ID } from '../../../testing/attendance';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

/** A 409 PAYMENT_OVERDUE as attendance answers it: the English message, the figures in the details. */
const overdue = (dueDate = `${new Date().getFullYear()}-11-03`) =>
  problem(409, 'PAYMENT_OVERDUE', 'Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent', [
    { path: 'memberId', message: MEMBER_ID },
    { path: 'memberName', message: 'Priya Sharma' },
    { path: 'paymentId', message: '0198a3c1-0000-7000-8000-0000000000a1' },
    { path: 'amountPaise', message: '200000' },
    { path: 'dueDate', message: dueDate },
    { path: 'daysOverdue', message: '26' },
  ]);
const noMembers = () =>
  on(memberRoutes.list, () => reply(memberRoutes.list, 200, { success: true, data: [], totalCount: 0, pagination: { page: 1, limit: 6, totalPages: 1 } }));

afterEach(async () => {
  await setLanguage('en');
});

describe('the desk: a check-in refused for an overdue payment', { timeout: 30_000 }, () => {
  it('says why and how to pay until dismissed, and “Let in once” sends the same check-in with a reason (3–200 characters)', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      ...signedInShell(),
      noMembers(),
      on(attendanceRoutes.checkIn, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.overrideReason) return overdue();
        return reply(attendanceRoutes.checkIn, 201, {
          success: true,
          data: anAttendance({ name: 'Priya Sharma', status: 'active', checkOutTime: null, duration: null }),
        });
      }),
    );
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.type(await screen.findByTestId('member-search'), MEMBER_ID);
    await user.click(screen.getByTestId('check-in'));

    const refusal = await screen.findByTestId('overdue-refusal');
    expect(within(refusal).getByRole('alert').textContent).toContain('Check-in refused: payment overdue · Priya Sharma');
    expect(within(refusal).getByTestId('overdue-message').textContent).toBe('Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent');
    // Not the 5-second toast: it stays.
    expect(screen.queryByTestId('attendance-toast')).toBeNull();

    await user.click(within(refusal).getByTestId('overdue-let-in'));
    const dialog = await screen.findByTestId('let-in-once-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Let Priya Sharma in once' })).toBeTruthy();
    await user.type(within(dialog).getByTestId('let-in-once-reason'), 'ok');
    await user.click(within(dialog).getByTestId('let-in-once-confirm'));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    await user.clear(within(dialog).getByTestId('let-in-once-reason'));
    await user.type(within(dialog).getByTestId('let-in-once-reason'), '  Paid ₹2,000 in cash just now ');
    await user.click(within(dialog).getByTestId('let-in-once-confirm'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ memberId: MEMBER_ID, checkInMethod: 'manual', workoutType: 'other', overrideReason: 'Paid ₹2,000 in cash just now' });
    expect((await screen.findByTestId('attendance-toast')).textContent).toContain('Priya Sharma let in once. The payment is still overdue.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Let Priya Sharma in once' })).toBeNull());
    expect(screen.queryByTestId('overdue-refusal')).toBeNull();
  });

  it('words it in Hindi from the details (amount in Indian format, the due date with its year when not this one)', async () => {
    server.use(
      ...signedInShell(),
      noMembers(),
      on(attendanceRoutes.checkIn, () => overdue('2025-11-03')),
    );
    await setLanguage('hi');
    const { user } = renderApp('/dashboard/attendance/scan');
    await user.type(await screen.findByTestId('member-search'), MEMBER_ID);
    await user.click(screen.getByTestId('check-in'));
    const message = (await screen.findByTestId('overdue-message')).textContent ?? '';
    expect(message).toMatch(/^₹2,000 का भुगतान 3 नव.* 2025 से बकाया है — डेस्क पर या हमारे भेजे लिंक से भुगतान करें$/);
    await user.click(screen.getByTestId('overdue-dismiss'));
    expect(screen.queryByTestId('overdue-refusal')).toBeNull();
  });
});
