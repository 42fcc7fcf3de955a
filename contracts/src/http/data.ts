import { z } from 'zod';
import { Problem, route } from './route.ts';

/** The format of one service's export file. */
export const ExportFormat = z.enum(['csv', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** A service's own export of the caller's organization (staff) or of the caller's own records (a member). */
export const ServiceExportQuery = z.object({ format: ExportFormat.default('csv') });
export type ServiceExportQuery = z.infer<typeof ServiceExportQuery>;

/** What Settings → Data management can export; `all` is a zip of every type. */
export const ExportDataType = z.enum(['members', 'payments', 'attendance', 'inventory', 'feedback', 'all']);
export type ExportDataType = z.infer<typeof ExportDataType>;

export const SettingsExportQuery = z.object({ dataType: ExportDataType.default('all'), format: ExportFormat.default('csv') });
export type SettingsExportQuery = z.infer<typeof SettingsExportQuery>;

/**
 * Where each data type's export lives: every service streams its own rows; the gateway composes them for
 * `GET /api/settings/export` (one type forwarded as is, `all` zipped as it streams). A type whose service has no
 * export route yet is `null` (the hook for it: set its path here once the service serves it).
 */
export const EXPORT_SOURCES: Record<Exclude<ExportDataType, 'all'>, string | null> = {
  members: '/members/export',
  payments: '/payments/export',
  attendance: '/attendance/export',
  feedback: '/feedback/export',
  inventory: '/inventory/export',
};

/**
 * Types whose export is several files (`?part=`): the gateway asks for each part and zips them, named `<type>-<part>`
 * (one type alone is then a zip too).
 */
export const EXPORT_PARTS: Partial<Record<Exclude<ExportDataType, 'all'>, readonly string[]>> = {
  inventory: ['items', 'batches', 'suppliers', 'sales'],
};

export const dataRoutes = {
  settingsExport: route({
    method: 'GET',
    path: '/settings/export',
    query: SettingsExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin', 'member'],
    summary: 'Download the organization’s data (staff) or one’s own data (a member): one type as CSV or JSON, or all as a zip.',
    description:
      'Answered by the gateway: it streams the owning service’s export (members, payments, attendance, feedback, inventory — a zip of its parts) with the caller’s token; `all` is a zip with one file per type, written as the services stream. Anonymous feedback carries no author.',
  }),
} as const;
