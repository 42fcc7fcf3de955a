import { enquiriesRoutes as r, type FunnelQuery } from '@akhada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/shared-queries/payments';

/** What the Reports screen asks for: a range, a grouping and, when the user runs several, one location or all. */
export type FunnelFilters = Pick<FunnelQuery, 'from' | 'to' | 'by'> & { locationId?: string | undefined };

const queryOf = (f: FunnelFilters): Record<string, string> => ({ from: f.from, to: f.to, by: f.by, ...(f.locationId ? { locationId: f.locationId } : {}) });

/** GET /enquiries/reports/funnel (under ['enquiries'], so a change to a lead refreshes it too). */
export const useFunnelReport = (f: FunnelFilters, enabled: boolean) =>
  useQuery({
    queryKey: ['enquiries', 'reports', 'funnel', f],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      parseResponse(r.funnelReport.responses[200], await callRoute(r.funnelReport, { query: queryOf(f), signal }), 'GET /enquiries/reports/funnel').data,
  });

/** GET /enquiries/reports/funnel/export: the same report saved as a CSV file. */
export const downloadFunnelCsv = (f: FunnelFilters) =>
  downloadFile(r.funnelExport.path, { format: 'csv', ...queryOf(f) }, `enquiry-funnel-${f.by}-${f.from}-${f.to}.csv`, 'text/csv');
