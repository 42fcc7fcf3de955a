import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { aToken } from './fixtures';

/**
 * Renders the whole app (real routes, guards, shell, providers) at `path`. Signed in means a token in localStorage,
 * as after a real sign-in; the mocked /auth/me decides who it is. The query client is the app's own, with its retry
 * policy, but retries come at once instead of after a second.
 */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) localStorage.setItem('token', aToken());
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...defaults.queries, retryDelay: 0 }, mutations: { ...defaults.mutations, retryDelay: 0 } });
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={queryClient}>
        <AppRoutes />
      </AppProvider>
    </MemoryRouter>,
  );
  return { user, queryClient, ...view };
}
