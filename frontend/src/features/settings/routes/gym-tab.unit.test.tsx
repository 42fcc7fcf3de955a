// @vitest-environment jsdom
import { gymSettingsRoutes, memberReferralRoutes, type GymSettings } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { server } from '../../../testing/setup';
import { renderApp } from '../../../testing/render-app';

// Settings → Gym's forms share one save (SettingsForm): toast on success, field issues on the field, any other failure
// as an alert that shakes again on each failed attempt, and no save button for those who only read.
const owner = aUser({ role: 'owner' });
const gym: GymSettings = {
  organization: {
    _id: owner.organization._id,
    name: 'Akhada Fitness',
    logo: null,
    brandColor: '#3b82f6',
    languages: ['en', 'hi'],
    timezone: 'Asia/Kolkata',
    currency: 'INR',
    joinCode: 'AKHADA01',
  },
  locations: owner.locations.map((l) => ({
    _id: l._id,
    name: l.name,
    city: 'Pune',
    timezone: 'Asia/Kolkata',
    openingHours: '',
    capacity: null,
    joinCode: 'LOC00001',
    refuseCheckInOverdueDays: null,
  })),
  plans: [],
};
const gymIs = () => on(gymSettingsRoutes.getGym, () => reply(gymSettingsRoutes.getGym, 200, { success: true, data: gym }));
const referralIs = (rewardDays: number, rewardCredit?: number) =>
  on(memberReferralRoutes.settings, () => reply(memberReferralRoutes.settings, 200, { success: true, data: { rewardDays, rewardCredit } }));
const anythingElse = () => http.all('/api/*', () => problem(503, 'SERVICE_UNAVAILABLE', 'Not in this test'));

describe('Settings → Gym: the forms’ save', () => {
  it('saves the referral reward with a toast; a field issue lands on the field; another failure is an alert, shown again on the next try', async () => {
    const bodies: unknown[] = [];
    const answers = [
      () => problem(400, 'VALIDATION_FAILED', 'Check the form', [{ path: 'rewardDays', message: 'Reward days is 0 to 365' }]),
      () => problem(409, 'CONFLICT', 'Someone else changed it'),
      () => problem(409, 'CONFLICT', 'Someone else changed it'),
      () => reply(memberReferralRoutes.putSettings, 200, { success: true, data: { rewardDays: 12 } }),
    ];
    server.use(
      ...signedInShell(owner),
      gymIs(),
      referralIs(10),
      on(memberReferralRoutes.putSettings, async ({ request }) => {
        bodies.push(await request.json());
        return answers[bodies.length - 1]!();
      }),
      anythingElse(),
    );
    const { user } = renderApp('/dashboard/settings?tab=gym');
    const form = await screen.findByTestId('gym-referral-form', {}, { timeout: 10_000 });
    const days = within(form).getByLabelText(/Free days per referral/);
    expect((days as HTMLInputElement).value).toBe('10');
    await user.clear(days);
    await user.type(days, '12');
    const save = within(form).getByTestId('gym-referral-save');

    await user.click(save);
    await waitFor(() => expect(within(form).getByText('Reward days is 0 to 365')).toBeTruthy());
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(save);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed it');
    expect(alert.className).toContain('alert--shake');
    await user.click(save);
    await waitFor(() => expect(bodies).toHaveLength(3));
    // A new alert element (keyed by the attempt) shakes again.
    await waitFor(() => expect(within(form).getByRole('alert')).not.toBe(alert));

    await user.click(save);
    expect(await screen.findByText('Settings saved!')).toBeTruthy();
    // No credit set: the empty credit field is sent as 0 (none).
    expect(bodies).toEqual(Array.from({ length: 4 }, () => ({ rewardDays: 12, rewardCredit: 0 })));
  });

  it('the referral credit (₹) beside the free days: shown as kept, checked against ₹0–₹1,00,000 before sending, saved with the form, emptied to 0', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(owner),
      gymIs(),
      referralIs(10, 250),
      on(memberReferralRoutes.putSettings, async ({ request }) => {
        const body = (await request.json()) as { rewardDays: number; rewardCredit: number };
        bodies.push(body);
        return reply(memberReferralRoutes.putSettings, 200, { success: true, data: body });
      }),
      anythingElse(),
    );
    const { user } = renderApp('/dashboard/settings?tab=gym');
    const form = await screen.findByTestId('gym-referral-form', {}, { timeout: 10_000 });
    const credit = within(form).getByLabelText(/Referral credit \(₹\)/) as HTMLInputElement;
    expect(credit.value).toBe('250');
    expect(within(form).getByText(/taken off the referrer’s next membership payment/)).toBeTruthy();
    await user.clear(credit);
    await user.type(credit, '100001');
    await user.click(within(form).getByTestId('gym-referral-save'));
    expect(await within(form).findByText('Referral credit is ₹0 to ₹1,00,000')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(credit);
    await user.type(credit, '500.50');
    await user.click(within(form).getByTestId('gym-referral-save'));
    await waitFor(() => expect(bodies).toEqual([{ rewardDays: 10, rewardCredit: 500.5 }]));
    expect(await screen.findByText('Settings saved!')).toBeTruthy();
    const again = within(screen.getByTestId('gym-referral-form')).getByLabelText(/Referral credit \(₹\)/) as HTMLInputElement;
    expect(again.value).toBe('500.5');
    await user.clear(again);
    await user.click(within(screen.getByTestId('gym-referral-form')).getByTestId('gym-referral-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ rewardDays: 10, rewardCredit: 0 });
  });

  it('turns on “refuse check-in when a payment is overdue” for a location (1–90 days, off by default)', async () => {
    const bodies: { locations: { refuseCheckInOverdueDays: number | null }[] }[] = [];
    server.use(
      ...signedInShell(owner),
      gymIs(),
      referralIs(10),
      on(gymSettingsRoutes.putGym, async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        const days = body.locations[0]!.refuseCheckInOverdueDays;
        return reply(gymSettingsRoutes.putGym, 200, {
          success: true,
          data: { ...gym, locations: gym.locations.map((l) => ({ ...l, refuseCheckInOverdueDays: days })) },
        });
      }),
      anythingElse(),
    );
    const { user } = renderApp('/dashboard/settings?tab=gym');
    const form = await screen.findByTestId('gym-settings-form', {}, { timeout: 10_000 });
    const rule = within(form).getByTestId('gym-location-overdue-0');
    expect(within(rule).getByText('Off: members with overdue payments can still check in.')).toBeTruthy();
    await user.click(within(rule).getByRole('checkbox', { name: 'Refuse check-in when a payment is overdue' }));
    const days = within(rule).getByLabelText(/Overdue by more than \(days\)/);
    expect((days as HTMLInputElement).value).toBe('7');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(form).getByTestId('gym-save'));
    // The contract refuses it before anything is sent.
    expect(await within(rule).findByText('Overdue days are 1 to 90')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(form).getByTestId('gym-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.locations[0]!.refuseCheckInOverdueDays).toBe(10);
    expect(bodies[0]!.locations[0]).not.toHaveProperty('refuseOverdue');

    // Saved, the form (drawn again) shows what the server kept; off again sends null.
    await waitFor(() => expect((screen.getByTestId('gym-save') as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByTestId('gym-location-overdue-days-0') as HTMLInputElement).value).toBe('10');
    await user.click(within(screen.getByTestId('gym-location-overdue-0')).getByRole('checkbox', { name: 'Refuse check-in when a payment is overdue' }));
    await user.click(screen.getByTestId('gym-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.locations[0]!.refuseCheckInOverdueDays).toBeNull();
  });

  it('shows an admin the forms without their save buttons', async () => {
    const admin = aUser({ role: 'admin' });
    server.use(...signedInShell(admin), gymIs(), referralIs(10), anythingElse());
    renderApp('/dashboard/settings?tab=gym');
    const form = await screen.findByTestId('gym-referral-form', {}, { timeout: 10_000 });
    expect(within(form).queryByTestId('gym-referral-save')).toBeNull();
    expect(within(screen.getByTestId('gym-settings-form')).queryByTestId('gym-save')).toBeNull();
    expect(screen.queryByTestId('staff-invite')).toBeNull();
  });
});
