// @vitest-environment jsdom
import { paymentsRoutes, tallyRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

beforeAll(async () => {
  await Promise.all([import('./reports-page'), import('../../../app/shell/app-shell')]);
});

const tax = { taxableValue: 2000, cgst: 50, sgst: 50, igst: 0, totalTax: 100, invoices: 1, creditNotes: 0 };
const reportsAre = () =>
  on(paymentsRoutes.reports, () =>
    reply(paymentsRoutes.reports, 200, {
      success: true,
      data: {
        startDate: '2026-05-01',
        endDate: '2026-05-31',
        monthlyCollections: [],
        byMethod: [],
        byType: [],
        outstanding: { count: 0, amount: 0, buckets: [] },
        gstSummary: [
          { gstin: '27AAPFU0939F1ZV', month: '2026-05', ...tax },
          { gstin: null, month: '2026-05', ...tax },
        ],
        gstByState: [],
      },
    }),
  );

describe('Payment Reports: Export for Tally', () => {
  it('asks for the GSTIN’s Tally file over the period shown (one button per GSTIN) and shows the server’s refusal', async () => {
    const asked: string[] = [];
    server.use(
      ...signedInShell(),
      reportsAre(),
      on(tallyRoutes.export, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push([q.get('gstin'), q.get('startDate'), q.get('endDate')].join(' '));
        return problem(404, 'NOT_FOUND', 'GSTIN not found');
      }),
    );
    const { user } = renderApp('/dashboard/payments/reports');
    const button = await screen.findByTestId('export-tally-27AAPFU0939F1ZV');
    expect(button.textContent).toBe('Export for Tally (27AAPFU0939F1ZV)');
    expect(screen.getByTestId('reports-tally').querySelectorAll('button')).toHaveLength(1);
    await user.click(button);
    await waitFor(() => expect(asked).toEqual(['27AAPFU0939F1ZV 2026-05-01 2026-05-31']));
    expect(await screen.findByText(/GSTIN not found/)).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
