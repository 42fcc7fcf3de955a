// @vitest-environment jsdom
import { authRoutes } from '@akhada/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { on, problem } from '../../../testing/contract-handlers';
import { renderApp } from '../../../testing/render-app';

describe('sign-in form', () => {
  it('says which fields are required and sends nothing', async () => {
    let sent = 0;
    server.use(
      on(authRoutes.login, () => {
        sent += 1;
        return problem(500, 'INTERNAL', 'not expected');
      }),
    );
    const { user } = renderApp('/login', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText(/^Email/);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('Email is required').id);
    expect(document.activeElement).toBe(email);

    await user.type(email, 'not an email');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(sent).toBe(0);
  });

  it('shows the server’s refusal in the red box', async () => {
    server.use(on(authRoutes.login, () => problem(401, 'INVALID_CREDENTIALS', 'Invalid email or password')));
    const { user } = renderApp('/login', { signedIn: false });
    await user.type(await screen.findByLabelText(/^Email/), 'owner@akhada.demo');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(alert.getAttribute('role')).toBe('alert');
  });
});
