// @vitest-environment jsdom
import { schedulingRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const member = () => signedInShell(aUser({ role: 'member', locations: [PUNE] }));
const noBookings = () => on(schedulingRoutes.myBookings, () => reply(schedulingRoutes.myBookings, 200, { success: true, data: { bookings: [] } }));
const feedIs = (createdAt: string | null) =>
  on(schedulingRoutes.myCalendar, () => reply(schedulingRoutes.myCalendar, 200, { success: true, data: { path: null, createdAt } }));
/** POST /scheduling/my-calendar: counts the calls and answers a new link each time. */
const making = () => {
  const calls = { n: 0 };
  const handler = on(schedulingRoutes.makeCalendar, () => {
    calls.n += 1;
    return reply(schedulingRoutes.makeCalendar, 201, {
      success: true,
      data: { path: `/api/scheduling/calendar/${TOKEN}.ics`, createdAt: '2099-03-01T10:00:00.000Z' },
    });
  });
  return { calls, handler };
};

describe('My bookings: calendar link', { timeout: 15_000 }, () => {
  it('makes the private link, shows it once with Copy and a webcal:// link, and announces "Copied"', async () => {
    const post = making();
    server.use(...member(), noBookings(), feedIs(null), post.handler);
    const { user } = renderApp('/dashboard/me/bookings');
    const section = await screen.findByRole('region', { name: "Add to your phone's calendar" });
    expect(within(section).queryByRole('textbox')).toBeNull();

    await user.click(await within(section).findByRole('button', { name: 'Make my calendar link' }));
    const field = await within(section).findByRole('textbox', { name: 'Your calendar link' });
    const url = `${window.location.origin}/api/scheduling/calendar/${TOKEN}.ics`;
    expect((field as HTMLInputElement).value).toBe(url);
    expect((field as HTMLInputElement).readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toMatch(/shown only once\. Keep it private/);
    expect(within(section).getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(url.replace(/^https?:\/\//, 'webcal://'));
    expect(post.calls.n).toBe(1);

    const live = within(section).getByTestId('calendar-copied');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(live.textContent).toBe('Copied'));
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('asks before making a new link (the old one stops working) and makes none when the member keeps the old one', async () => {
    const post = making();
    server.use(...member(), noBookings(), feedIs('2099-02-01T09:00:00.000Z'), post.handler);
    const { user } = renderApp('/dashboard/me/bookings');
    const section = await screen.findByRole('region', { name: "Add to your phone's calendar" });
    expect((await within(section).findByTestId('calendar-since')).textContent).toMatch(/shown only once/);

    await user.click(within(section).getByRole('button', { name: 'Make a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar link?' });
    expect(dialog.textContent).toContain('Your old link stops working.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the old link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post.calls.n).toBe(0);
    expect(within(section).queryByRole('textbox')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Make a new link' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make a new calendar link?' })).getByRole('button', { name: 'Make a new link' }));
    expect(((await within(section).findByRole('textbox', { name: 'Your calendar link' })) as HTMLInputElement).value).toContain(`${TOKEN}.ics`);
    expect(post.calls.n).toBe(1);
  });
});
