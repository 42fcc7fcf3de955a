// @vitest-environment jsdom
import { memberRoutes } from '@akhada/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { memberListReply, membersAre, signedInShell } from '../../../testing/app-handlers';
import { barrier, on, problem } from '../../../testing/contract-handlers';
import { aMember } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const roster = [
  aMember({ firstName: 'Kavita', lastName: 'Rao' }),
  aMember({ firstName: 'Imran', lastName: 'Shaikh', membershipStatus: 'expired', status: 'expired', daysRemaining: 0 }),
];

describe('members list', () => {
  it('says it is loading until the members arrive, then lists them', async () => {
    const gate = barrier();
    const answer = memberListReply(roster);
    server.use(
      ...signedInShell(),
      on(memberRoutes.list, async (info) => {
        await gate.released;
        return answer(info);
      }),
    );
    renderApp('/dashboard/members');
    expect(await screen.findByText('Loading members...')).toBeTruthy();
    expect(screen.queryByTestId('members-table')).toBeNull();
    gate.release();
    const table = await screen.findByTestId('members-table');
    expect(within(table).getAllByTestId('member-row')).toHaveLength(2);
    expect(within(table).getByText('Kavita Rao')).toBeTruthy();
    expect(within(table).getAllByText('Expired').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'All Members (2)' })).toBeTruthy();
    expect(screen.queryByText('Loading members...')).toBeNull();
  });

  it('shows a member’s profile picture beside their written name, and initials for a member without one', async () => {
    const picture = '/api/auth/avatars/0198a3c1-0000-7000-8000-0000000000f1?v=0198a3c1-0000-7000-8000-0000000000f2';
    server.use(
      ...signedInShell(),
      membersAre([aMember({ firstName: 'Kavita', lastName: 'Rao', avatarUrl: picture }), aMember({ firstName: 'Imran', lastName: 'Shaikh' })]),
    );
    renderApp('/dashboard/members');
    const [kavita, imran] = within(await screen.findByTestId('members-table')).getAllByTestId('member-row');
    const img = kavita!.querySelector('img');
    expect(img?.getAttribute('src')).toBe(picture);
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(within(kavita!).getByText('Kavita Rao')).toBeTruthy();
    expect(imran!.querySelector('img')).toBeNull();
    expect(imran!.querySelector('.avatar')?.getAttribute('data-initial')).toBe('IS');
  });

  it('says there are no members yet and offers to add one', async () => {
    server.use(...signedInShell(), membersAre([]));
    renderApp('/dashboard/members');
    expect(await screen.findByText('No members yet')).toBeTruthy();
    expect(screen.getByText('Add your first member to start tracking memberships and visits.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Members (0)' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '+ Add New Member' }).length).toBeGreaterThan(0);
  });

  it('shows the failure with a Retry that loads the list once the service answers', async () => {
    let failing = true;
    let calls = 0;
    const answer = memberListReply(roster);
    server.use(
      ...signedInShell(),
      on(memberRoutes.list, (info) => {
        calls += 1;
        return failing ? problem(500, 'INTERNAL', 'Something went wrong on our side. Please try again.') : answer(info);
      }),
    );
    const { user } = renderApp('/dashboard/members');
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Failed to fetch members');
    expect(error.textContent).toContain('Something went wrong on our side. Please try again.');
    expect(calls).toBe(2); // the query client retries a server error once before giving up
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    const table = await screen.findByTestId('members-table');
    expect(within(table).getAllByTestId('member-row')).toHaveLength(2);
    expect(screen.queryByTestId('error-state')).toBeNull();
  });
});
