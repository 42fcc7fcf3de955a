// @vitest-environment jsdom
import { dashboardRoutes, type Role, type SearchResult } from '@akhada/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { meIs } from '../../testing/app-handlers';
import { on, reply } from '../../testing/contract-handlers';
import { aToken, aUser } from '../../testing/fixtures';
import { server } from '../../testing/setup';
import { AppProvider } from '../provider';
import { ProtectedRoute } from '../routes/guards';
import { SearchBox } from './search-box';

const results: SearchResult[] = [
  {
    kind: 'member',
    id: '0192d0c0-0000-7000-8000-000000000001',
    title: 'Sapna Findme',
    subtitle: '+91 98111 22334 · sapna@example.in',
    locationId: null,
    href: '/dashboard/members/0192d0c0-0000-7000-8000-000000000001',
  },
  {
    kind: 'trainer',
    id: '0192d0c0-0000-7000-8000-000000000002',
    title: 'Ravi Kumar',
    subtitle: '+91 98111 00000',
    locationId: null,
    href: '/dashboard/trainers/0192d0c0-0000-7000-8000-000000000002',
  },
];

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

const renderBox = (role: Role) => {
  localStorage.setItem('token', aToken());
  server.use(meIs(aUser({ role })));
  const asked: string[] = [];
  server.use(
    on(dashboardRoutes.search, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return reply(dashboardRoutes.search, 200, { success: true, data: { query: 'x', results } });
    }),
  );
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AppProvider queryClient={createQueryClient()}>
        <Routes>
          <Route path="/dashboard" element={<ProtectedRoute />}>
            <Route
              index
              element={
                <>
                  <SearchBox />
                  <Where />
                </>
              }
            />
            <Route
              path="*"
              element={
                <>
                  <SearchBox />
                  <Where />
                </>
              }
            />
          </Route>
        </Routes>
      </AppProvider>
    </MemoryRouter>,
  );
  return { user, asked };
};

describe('global search', () => {
  it('searches as you type, moves through the results with the arrows (combobox) and opens one with Enter', async () => {
    const { user, asked } = renderBox('owner');
    const box = await screen.findByTestId('global-search');
    await user.type(box, '98111');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Sapna Findme'), expect.stringContaining('Ravi Kumar')]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // Typing pauses before a request: one search for the whole word, not one per key.
    expect(asked).toEqual(['98111']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(results[0]!.href));
  });

  it('closes with Escape', async () => {
    const { user } = renderBox('admin');
    const box = await screen.findByTestId('global-search');
    await user.type(box, 'sap');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends no gym-wide search for a member (their box stays the members-list search)', async () => {
    const { user, asked } = renderBox('member');
    const box = await screen.findByTestId('global-search');
    expect(box.getAttribute('role')).toBeNull();
    await user.type(box, 'abc');
    expect(box.getAttribute('aria-expanded')).toBeNull();
    expect(asked).toEqual([]);
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});
