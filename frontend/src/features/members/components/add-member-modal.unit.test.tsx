// @vitest-environment jsdom
import { CreateMemberBody, memberRoutes, type Member } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { membersAre, signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/** Puts text in a field at once (typing it key by key makes these tests slow on a busy machine). */
async function fill(
  user: { clear: (el: Element) => Promise<void>; click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  el: Element,
  text: string,
) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}

/** The members service, kept in memory: the list answers with what was added. */
function membersService(initial: Member[] = []) {
  const members = [...initial];
  const bodies: unknown[] = [];
  return {
    members,
    bodies,
    handlers: [
      on(memberRoutes.create, async ({ request }) => {
        const body = CreateMemberBody.parse(await request.json());
        bodies.push(body);
        const member = aMember({
          firstName: body.firstName,
          lastName: body.lastName,
          membershipFee: body.membershipFee,
          locationId: body.locationId ?? PUNE._id,
        });
        members.unshift(member);
        return reply(memberRoutes.create, 201, { success: true, data: member });
      }),
    ],
  };
}

async function openForm() {
  const view = renderApp('/dashboard/members?add=1');
  const dialog = await screen.findByRole('dialog', { name: 'Add New Member' });
  return { ...view, dialog: within(dialog) };
}

// The screens load lazily and are compiled on first use: do that before the tests, not inside the first one's time.
beforeAll(async () => {
  await Promise.all([import('./add-member-modal'), import('../routes/members-page'), import('../../../app/shell/app-shell')]);
});

describe('add-member form', () => {
  it('names what is missing or wrong and sends nothing', async () => {
    const service = membersService();
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Last name is required')).toBeTruthy();
    expect(dialog.getByText('Email is required')).toBeTruthy();
    expect(dialog.getByText('Phone is required')).toBeTruthy();
    expect(dialog.getByLabelText(/^First Name/).getAttribute('aria-invalid')).toBe('true');

    await fill(user, dialog.getByLabelText(/^Membership Fee/), '12.345');
    await fill(user, dialog.getByLabelText(/^Phone/), '12');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await dialog.findByText('Use at most two decimals')).toBeTruthy();
    expect(dialog.getByText('Enter a valid phone number')).toBeTruthy();

    await user.clear(dialog.getByLabelText(/^Membership Fee/));
    await fill(user, dialog.getByLabelText(/^Membership Fee/), 'a lot');
    expect(await dialog.findByText('Enter an amount in rupees')).toBeTruthy();
    expect(service.bodies).toEqual([]);
  });

  it('adds the member, says so, closes and shows them in the list', async () => {
    const service = membersService([aMember({ firstName: 'Kavita', lastName: 'Rao' })]);
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'Lakshmi@Example.in ');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.selectOptions(dialog.getByLabelText(/^Membership Type/), 'premium');
    await fill(user, dialog.getByLabelText(/^Membership Fee/), '1,999.50');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Lakshmi Iyer has been added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.bodies).toEqual([
      {
        firstName: 'Lakshmi',
        lastName: 'Iyer',
        email: 'lakshmi@example.in',
        phone: '+91 98200 12345',
        membershipType: 'premium',
        membershipFee: 1999.5,
        paymentFrequency: 'monthly',
        paymentMethod: 'cash',
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        locationId: expect.any(String),
      },
    ]);
    const table = await screen.findByTestId('members-table');
    await waitFor(() => expect(within(table).getAllByTestId('member-row')).toHaveLength(2));
    expect(within(table).getByText('Lakshmi Iyer')).toBeTruthy();
  });

  it('shows the plan limit in the form, with a way to choose a plan, and keeps what was typed', async () => {
    server.use(
      ...signedInShell(),
      membersAre([]),
      on(memberRoutes.create, () => problem(409, 'PLAN_LIMIT', 'Your starter plan allows 50 members. Choose a bigger plan to add more.')),
    );
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const limit = await dialog.findByTestId('add-member-plan-limit');
    expect(limit.textContent).toContain('Your plan is full');
    expect(limit.textContent).toContain('Your starter plan allows 50 members. Choose a bigger plan to add more.');
    expect(within(limit).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/settings/plan');
    expect((dialog.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Lakshmi');
    expect(screen.getByRole('dialog', { name: 'Add New Member' })).toBeTruthy();
  });

  it('checks the optional date of birth and sends it with the gender', async () => {
    const service = membersService();
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    const dob = dialog.getByLabelText(/^Date of Birth/);
    await user.type(dob, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await dialog.findByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(service.bodies).toEqual([]);
    await user.clear(dob);
    await user.type(dob, '1994-06-15');
    await user.selectOptions(dialog.getByLabelText(/^Gender/), 'female');
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'upi');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(service.bodies).toHaveLength(1));
    expect(service.bodies[0]).toMatchObject({ dateOfBirth: '1994-06-15', gender: 'female', paymentMethod: 'upi' });
  });

  it('puts the server’s field issues on their fields', async () => {
    server.use(
      ...signedInShell(),
      membersAre([]),
      on(memberRoutes.create, () =>
        problem(409, 'CONFLICT', 'A member with this email already exists', [{ path: 'email', message: 'A member with this email already exists' }]),
      ),
    );
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect((await dialog.findByTestId('add-member-error')).textContent).toContain('A member with this email already exists');
    await waitFor(() => expect(dialog.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
  });
});
