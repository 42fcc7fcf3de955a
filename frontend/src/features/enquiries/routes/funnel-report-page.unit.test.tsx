// @vitest-environment jsdom
import { enquiriesRoutes as r, type FunnelReport } from '@akhada/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, BENGALURU, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const OWNER = aUser({ role: 'owner', locations: [PUNE, BENGALURU] });
const figures = { enquiries: 0, trials: 0, joined: 0, conversionPct: 0, medianDaysToJoin: null };
const COLLEAGUE = '0195d6a4-0000-7000-8000-00000000c011';
const UNKNOWN = '0195d6a4-0000-7000-8000-00000000c012';
const aReport = (q: URLSearchParams, over: Partial<FunnelReport> = {}): FunnelReport => ({
  by: (q.get('by') ?? 'source') as FunnelReport['by'],
  from: q.get('from')!,
  to: q.get('to')!,
  rows:
    q.get('by') === 'month'
      ? [{ key: '2030-01', label: 'Jan 2030', enquiries: 3, trials: 2, joined: 2, conversionPct: 66.7, medianDaysToJoin: 7 }]
      : q.get('by') === 'owner'
        ? [
            { key: COLLEAGUE, label: 'Ravi Kumar', enquiries: 3, trials: 2, joined: 2, conversionPct: 66.7, medianDaysToJoin: 7 },
            { key: UNKNOWN, label: UNKNOWN, enquiries: 1, trials: 0, joined: 0, conversionPct: 0, medianDaysToJoin: null },
            { key: 'none', label: 'Unassigned', enquiries: 1, trials: 0, joined: 1, conversionPct: 100, medianDaysToJoin: 1 },
          ]
        : [
            { key: 'walk_in', label: 'Walk-in', enquiries: 3, trials: 2, joined: 2, conversionPct: 66.7, medianDaysToJoin: 7 },
            { key: 'instagram', label: 'Instagram', enquiries: 2, trials: 0, joined: 1, conversionPct: 50, medianDaysToJoin: 2.5 },
          ],
  totals: { enquiries: 5, trials: 2, joined: 3, conversionPct: 60, medianDaysToJoin: 4 },
  lostReasons: [{ reason: 'price', count: 2 }],
  ...over,
});
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('enquiry funnel report', { timeout: 30_000 }, () => {
  it('shows the funnel by source, by month and for one location, the lost reasons, and downloads the CSV', async () => {
    const asked: URLSearchParams[] = [];
    const exported: URLSearchParams[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    server.use(
      ...signedInShell(OWNER),
      on(r.funnelReport, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return reply(r.funnelReport, 200, { success: true, data: aReport(q) });
      }),
      on(r.funnelExport, ({ request }) => {
        exported.push(new URL(request.url).searchParams);
        return new HttpResponse('Source,Key\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="f.csv"' } });
      }),
    );
    const { user } = renderApp('/dashboard/enquiries/reports');
    expect(await screen.findByRole('heading', { name: 'Enquiry reports', level: 1 })).toBeTruthy();
    const walkIn = await screen.findByTestId('funnel-row-walk_in');
    expect(within(walkIn).getByRole('rowheader').textContent).toBe('Walk-in');
    expect(cells(walkIn)).toEqual(['3', '2', '2', '66.7%', '7 days']);
    expect(cells(screen.getByTestId('funnel-row-instagram'))).toEqual(['2', '0', '1', '50%', '2.5 days']);
    expect(cells(screen.getByTestId('funnel-total'))).toEqual(['5', '2', '3', '60%', '4 days']);
    expect(within(screen.getByTestId('lost-reasons')).getByText(/Price/).textContent).toBe('Price: 2');
    const first = asked[0]!;
    expect(first.get('by')).toBe('source');
    expect(first.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(first.get('locationId')).toBeNull();

    // By staff member: a colleague by name (the server's label), one not known yet by a short id, unassigned in words.
    await user.click(screen.getByRole('tab', { name: 'Staff member' }));
    expect(within(await screen.findByTestId(`funnel-row-${COLLEAGUE}`)).getByRole('rowheader').textContent).toBe('Ravi Kumar');
    expect(within(screen.getByTestId(`funnel-row-${UNKNOWN}`)).getByRole('rowheader').textContent).toBe('Staff member 0195d6a4');
    expect(within(screen.getByTestId('funnel-row-none')).getByRole('rowheader').textContent).toBe('Unassigned');

    await user.click(screen.getByRole('tab', { name: 'Month' }));
    expect(await screen.findByTestId('funnel-row-2030-01')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-row-2030-01')).getByRole('rowheader').textContent).toBe('Jan 2030');

    await user.selectOptions(screen.getByTestId('report-location'), BENGALURU._id);
    await waitFor(() => expect(asked.at(-1)?.get('locationId')).toBe(BENGALURU._id));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-28' } });
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2030-02-28'));
    expect(asked.at(-1)?.get('from')).toBe('2030-01-01');

    await user.click(screen.getByTestId('download-csv'));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(Object.fromEntries(exported[0]!)).toEqual({ format: 'csv', by: 'month', from: '2030-01-01', to: '2030-02-28', locationId: BENGALURU._id });
  });

  it('a failed load offers Retry; a range with no enquiries says so; a reversed range asks for another', async () => {
    let calls = 0;
    server.use(
      ...signedInShell(aUser({ role: 'admin', locations: [PUNE] })),
      on(r.funnelReport, ({ request }) => {
        calls += 1;
        // The app retries a failed read once.
        if (calls <= 2) return problem(500, 'INTERNAL', 'Something went wrong');
        return reply(r.funnelReport, 200, { success: true, data: aReport(new URL(request.url).searchParams, { rows: [], totals: figures, lostReasons: [] }) });
      }),
    );
    const { user } = renderApp('/dashboard/enquiries/reports');
    expect(await screen.findByText('Could not load the report')).toBeTruthy();
    expect(screen.queryByTestId('report-location')).toBeNull();
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('No enquiries in this range')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-01-01' } });
    expect(await screen.findByText('Choose a From date on or before the To date.')).toBeTruthy();
    expect((screen.getByTestId('download-csv') as HTMLButtonElement).disabled).toBe(true);
  });
});
