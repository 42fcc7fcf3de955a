// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { anAttendance, attendanceListFrom } from '../../../testing/attendance';
import { renderApp } from '../../../testing/render-app';
import { rangeOf } from '../lib/ranges';

const rows = async () => within(await screen.findByTestId('attendance-table')).getAllByTestId('attendance-row');

describe('attendance management', { timeout: 15_000 }, () => {
  it('shows the records with their columns and sends the filters', async () => {
    const list = attendanceListFrom([
      anAttendance({ name: 'Priya Sharma' }),
      anAttendance({ name: 'Rahul Verma', status: 'active', checkOutTime: null, duration: null, workoutType: 'yoga' }),
    ]);
    server.use(...signedInShell(), list.handler);
    const { user } = renderApp('/dashboard/attendance/manage');

    const [priya, rahul] = await rows();
    expect(within(priya!).getByText('Priya Sharma')).toBeTruthy();
    expect(within(priya!).getByText('60 min')).toBeTruthy();
    expect(within(priya!).getByText('Completed')).toBeTruthy();
    expect(within(rahul!).getByText('Active')).toBeTruthy();
    expect(within(rahul!).getByText('Yoga')).toBeTruthy();
    for (const col of ['Member', 'Check In', 'Check Out', 'Duration', 'Status', 'Workout Type'])
      expect(screen.getByRole('columnheader', { name: col })).toBeTruthy();
    expect(list.urls.at(-1)?.searchParams.get('limit')).toBe('20');
    expect(list.urls.at(-1)?.searchParams.get('type')).toBe('member');
    // One page: no paging.
    expect(screen.queryByTestId('page-next')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(list.urls.at(-1)?.searchParams.get('status')).toBe('active'));
    expect(await rows()).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Type'), 'trainer');
    await waitFor(() => expect(list.urls.at(-1)?.searchParams.get('type')).toBe('trainer'));
    await user.type(screen.getByTestId('attendance-search'), 'priya');
    await waitFor(() => expect(list.urls.at(-1)?.searchParams.get('search')).toBe('priya'));
    // Sent once typing paused, not once per letter.
    expect(list.urls.filter((u) => u.searchParams.has('search')).map((u) => u.searchParams.get('search'))).toEqual(['priya']);
  });

  it('pages with Previous/Next when there is more than one page', async () => {
    const list = attendanceListFrom(Array.from({ length: 25 }, (_, i) => anAttendance({ name: `Member ${i + 1}` })));
    server.use(...signedInShell(), list.handler);
    const { user } = renderApp('/dashboard/attendance/manage');
    expect(await rows()).toHaveLength(20);
    await user.click(screen.getByTestId('page-next'));
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect(list.urls.at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Member 21')).toBeTruthy();
  });

  it('opens with the filter of the card and the report buttons set the range', async () => {
    const list = attendanceListFrom([]);
    server.use(...signedInShell(), list.handler);
    const { user } = renderApp('/dashboard/attendance/manage?filter=present');
    expect(await screen.findByText('No attendance records found')).toBeTruthy();
    const today = rangeOf('today');
    expect(list.urls.at(-1)?.searchParams.get('status')).toBe('active');
    expect(list.urls.at(-1)?.searchParams.get('startDate')).toBe(today.startDate);

    expect(screen.queryByTestId('report-weekly')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View Reports' }));
    await user.click(screen.getByTestId('report-monthly'));
    const month = rangeOf('monthly');
    await waitFor(() => expect(list.urls.at(-1)?.searchParams.get('startDate')).toBe(month.startDate));
    expect(list.urls.at(-1)?.searchParams.get('endDate')).toBe(month.endDate);
    await user.click(screen.getByRole('button', { name: 'Hide Reports' }));
    expect(screen.queryByTestId('report-monthly')).toBeNull();
  });
});
