// @vitest-environment jsdom
import { feedbackRoutes, type Feedback } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const member = aUser({ role: 'member' });
const ticket = (over: Partial<Feedback> = {}): Feedback => ({
  _id: '0198a3c1-0000-7000-8000-0000000000a1',
  type: 'complaint',
  rating: { overall: 2 },
  title: 'Treadmill broken',
  description: 'It stops',
  complaintCategory: 'equipment',
  priority: 'high',
  isAnonymous: false,
  emoji: null,
  tags: [],
  status: 'resolved',
  locationId: '0198a3c1-0000-7000-8000-0000000000b1',
  member: null,
  trainer: null,
  assignedTo: null,
  adminResponse: { message: 'Fixed today', respondedBy: { firstName: 'Meera', lastName: 'Iyer' }, respondedAt: '2026-11-20T10:00:00.000Z' },
  responses: [{ message: 'Fixed today', respondedBy: { firstName: 'Meera', lastName: 'Iyer' }, respondedAt: '2026-11-20T10:00:00.000Z' }],
  isMine: true,
  reopenableUntil: null,
  firstRespondedAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 3,
  ...over,
});

describe('feedback', { timeout: 15_000 }, () => {
  it('shows complaint fields only for complaints, sends them only then, and confirms', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInShell(member),
      on(feedbackRoutes.submit, async ({ request }) => {
        sent.push(await request.json());
        return reply(feedbackRoutes.submit, 201, { success: true, data: ticket({ status: 'open', responses: [], adminResponse: null }) });
      }),
    );
    const { user } = renderApp('/dashboard/feedback');
    await screen.findByTestId('fb-type');
    expect(screen.queryByTestId('fb-category')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(15); // ten emoji and five stars
    await user.type(screen.getByTestId('fb-title'), 'Lovely place');
    await user.type(screen.getByTestId('fb-description'), 'Great staff');
    await user.click(screen.getByTestId('fb-submit'));
    expect((await screen.findByTestId('fb-success')).textContent).toContain('Feedback submitted successfully!');
    expect(sent[0]).toMatchObject({ type: 'general', rating: { overall: 5 } });
    expect(sent[0]).not.toHaveProperty('priority');

    await user.selectOptions(screen.getByTestId('fb-type'), 'complaint');
    await user.selectOptions(screen.getByTestId('fb-priority'), 'urgent');
    await user.click(screen.getByTestId('fb-star-2'));
    await user.type(screen.getByTestId('fb-title'), 'Broken');
    await user.type(screen.getByTestId('fb-description'), 'Rack wobbles');
    await user.click(screen.getByTestId('fb-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ type: 'complaint', complaintCategory: 'other', priority: 'urgent', rating: { overall: 2 } });
  });

  it('refuses blank text without calling the server, and shows the server’s refusal', async () => {
    let calls = 0;
    server.use(
      ...signedInShell(member),
      on(feedbackRoutes.submit, () => {
        calls++;
        return problem(429, 'RATE_LIMITED', 'Too many');
      }),
    );
    const { user } = renderApp('/dashboard/feedback');
    await user.click(await screen.findByTestId('fb-submit'));
    expect((await screen.findByTestId('fb-error')).textContent).toContain('Title and description are required');
    expect(calls).toBe(0);
    await user.type(screen.getByTestId('fb-title'), 'x');
    await user.type(screen.getByTestId('fb-description'), 'y');
    await user.click(screen.getByTestId('fb-submit'));
    await waitFor(() => expect(calls).toBe(1));
    expect((await screen.findByTestId('fb-error')).textContent).toMatch(/Too many/);
  });

  it('shows My Feedback with the staff response; members see no Manage or Analytics', async () => {
    server.use(
      ...signedInShell(member),
      on(feedbackRoutes.my, () =>
        reply(feedbackRoutes.my, 200, { success: true, data: [ticket()], totalCount: 1, pagination: { page: 1, limit: 10, totalPages: 1 } }),
      ),
    );
    renderApp('/dashboard/feedback/my');
    expect((await screen.findByTestId('fb-response')).textContent).toContain('Fixed today');
    expect(screen.getByTestId('fb-status').textContent).toBe('Resolved');
    expect(screen.queryByTestId('fb-menu-manage')).toBeNull();
    expect(screen.queryByTestId('fb-menu-analytics')).toBeNull();
    expect(screen.getByTestId('fb-menu-surveys')).toBeTruthy();
  });
});
