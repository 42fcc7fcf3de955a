// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import '../../testing/setup';
import { RouteErrorBoundary } from './route-error';

/** A screen that breaks while rendering as long as `broken.now` says so. */
function Screen({ broken }: { broken: { now: boolean } }) {
  if (broken.now) throw new TypeError("Cannot read properties of undefined (reading 'length')");
  return <h1>Member detail</h1>;
}

function renderBoundary(broken: { now: boolean }, resetKey = '/dashboard/members/1') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['members', 'detail', '1'], { cached: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouteErrorBoundary resetKey={resetKey} inShell>
        <Screen broken={broken} />
      </RouteErrorBoundary>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

describe('route error boundary', () => {
  it('shows a translated error state instead of the broken screen, and Try Again renders it again on fresh data', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { now: true };
    const { queryClient } = renderBoundary(broken);
    const state = screen.getByTestId('route-error');
    expect(within(state).getByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(state.textContent).toContain('Something went wrong on this page. Try again, or reload the page if it keeps happening.');
    expect(state.textContent).not.toContain('Unexpected Application Error!');
    expect(state.textContent).toContain("Cannot read properties of undefined (reading 'length')"); // under Error details
    expect(within(state).getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/dashboard');
    expect(queryClient.getQueryState(['members', 'detail', '1'])?.isInvalidated).toBe(false);

    broken.now = false;
    await userEvent.setup().click(within(state).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Member detail' })).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
    // The cache entry the screen broke on is stale now: it is fetched again before it is trusted.
    expect(queryClient.getQueryState(['members', 'detail', '1'])?.isInvalidated).toBe(true);
    error.mockRestore();
  });

  it('says it in Hindi too', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLanguage('hi');
    try {
      renderBoundary({ now: true });
      const state = screen.getByTestId('route-error');
      expect(within(state).getByRole('heading', { name: 'यह पेज नहीं दिखाया जा सका' })).toBeTruthy();
      expect(within(state).getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
    } finally {
      await setLanguage('en');
      error.mockRestore();
    }
  });
});
