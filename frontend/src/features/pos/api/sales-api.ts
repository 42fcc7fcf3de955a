import { inventoryRoutes as r, type PosSaleListQuery } from '@akhada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse, type Query } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/shared-queries/payments';

export const SALES_PAGE_SIZE = 20;

/** The sales list's filters as the address holds them (everything but paging goes to the CSV too). */
export type SalesParams = Omit<Partial<PosSaleListQuery>, 'date'> & { page: number; limit: number };

const q = (o: Record<string, string | number | undefined>): Query => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/** GET /pos/sales with the filters: one page and the totals of everything they match. */
export const useSalesList = (params: SalesParams) =>
  useQuery({
    queryKey: ['pos', 'sales', params],
    queryFn: async ({ signal }) =>
      parseResponse(r.posListSales.responses[200], await callRoute(r.posListSales, { query: q(params), signal }), 'GET /pos/sales'),
    placeholderData: keepPreviousData,
  });

/** GET /api/pos/sales/export?…: the filtered sales as the CSV the server streams. */
export const downloadSalesCsv = (params: SalesParams) => {
  const { page: _page, limit: _limit, ...filters } = params;
  return downloadFile(r.posExportSales.path, { format: 'csv', ...filters }, 'sales.csv', 'text/csv');
};
