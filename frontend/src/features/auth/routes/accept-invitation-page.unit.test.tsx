// @vitest-environment jsdom
import { authRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aToken, aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const TOKEN = 'k'.repeat(43);
const member = aUser({ role: 'member', firstName: 'Priya', lastName: 'Sharma', fullName: 'Priya Sharma', email: 'priya@example.in', locations: [PUNE] });
const greets = () =>
  on(authRoutes.invitationPreview, () => reply(authRoutes.invitationPreview, 200, { success: true, data: { firstName: 'Priya', gymName: 'Iron Temple' } }));
/** Wherever a signed-in user lands, the screens' other calls are answered (as unavailable): this test is about the page before. */
const anythingElse = () => http.all('/api/*', () => problem(503, 'SERVICE_UNAVAILABLE', 'Not in this test'));

describe('accept-invitation page', () => {
  it('welcomes by first name and gym, checks the passwords, then sets the password and signs in', async () => {
    const sessionToken = aToken();
    const sent: unknown[] = [];
    const gate = barrier();
    server.use(
      greets(),
      on(authRoutes.acceptInvitation, async ({ request }) => {
        sent.push(await request.json());
        await gate.released;
        return reply(authRoutes.acceptInvitation, 200, {
          success: true,
          data: { user: member, token: sessionToken, expiresAt: new Date(Date.now() + 900_000).toISOString() },
        });
      }),
      meIs(member),
      ...notificationsAre([]),
      anythingElse(),
    );
    const { user } = renderApp(`/accept-invitation?token=${TOKEN}`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Welcome, Priya' })).toBeTruthy();
    expect(screen.getByText('Iron Temple invited you to Akhada. Choose a password to sign in.')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Password/), 'my own password 1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'something else 1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'my own password 1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('button', { name: 'Setting your password…' })).toBeTruthy();
    gate.release();
    await waitFor(() => expect(localStorage.getItem('token')).toBe(sessionToken));
    expect(sent).toEqual([{ token: TOKEN, password: 'my own password 1' }]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Welcome, Priya' })).toBeNull());
    // Signed in, on the member's home: its own call has had its answer (unavailable here). Ending before it would leave
    // GET /api/members/me in flight into the next test, past this test's handlers.
    expect(await screen.findByTestId('error-state')).toBeTruthy();
  });

  it('says why a link no longer works, and offers sign-in instead of the form', async () => {
    server.use(on(authRoutes.invitationPreview, () => problem(400, 'INVALID_INVITATION', 'This invitation link has expired. Ask your gym to send a new one.')));
    renderApp(`/accept-invitation?token=${TOKEN}`, { signedIn: false });
    const alert = await screen.findByTestId('invitation-error');
    expect(alert.textContent).toBe('This invitation link has expired. Ask your gym to send a new one.');
    expect(screen.getByRole('heading', { name: 'Accept your invitation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('does not ask the server about a link without a token', async () => {
    renderApp('/accept-invitation', { signedIn: false });
    expect((await screen.findByTestId('invitation-error')).textContent).toContain('This invitation link is invalid or incomplete.');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('shows the refusal of the accept itself (a newer link was sent meanwhile)', async () => {
    server.use(
      greets(),
      on(authRoutes.acceptInvitation, () => problem(400, 'INVALID_INVITATION', 'A newer invitation was sent to you: open the link in the latest email.')),
    );
    const { user } = renderApp(`/accept-invitation?token=${TOKEN}`, { signedIn: false });
    await screen.findByRole('heading', { name: 'Welcome, Priya' });
    await user.type(screen.getByLabelText(/^Password/), 'my own password 1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'my own password 1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect((await screen.findByTestId('invitation-error')).textContent).toBe('A newer invitation was sent to you: open the link in the latest email.');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers Retry when the check could not be made, and shows the form once it can', async () => {
    let down = true;
    server.use(
      on(authRoutes.invitationPreview, () =>
        down
          ? problem(500, 'INTERNAL', 'Something went wrong')
          : reply(authRoutes.invitationPreview, 200, { success: true, data: { firstName: 'Priya', gymName: 'Iron Temple' } }),
      ),
    );
    const { user } = renderApp(`/accept-invitation?token=${TOKEN}`, { signedIn: false });
    await screen.findByTestId('error-state');
    down = false;
    await user.click(screen.getByTestId('retry-button'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Priya' })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });
});
