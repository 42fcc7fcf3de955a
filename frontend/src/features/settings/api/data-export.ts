import { dataRoutes, EXPORT_PARTS, type SettingsExportQuery } from '@akhada/contracts';
import { ApiError } from '../../../lib/api-error';
import { apiLanguage } from '../../../lib/api-language';
import { getToken } from '../../../lib/auth/token-store';
import { buildUrl } from '../../../lib/api-client';

/**
 * GET /api/settings/export: the file the gateway streams from the services (one type as CSV or JSON, all as a zip),
 * saved under the name it gives (Content-Disposition). A plain fetch: the answer is a file, not JSON.
 */
export async function downloadDataExport(query: SettingsExportQuery): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': apiLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(buildUrl(dataRoutes.settingsExport.path, query), { headers, credentials: 'same-origin' });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => undefined);
    throw ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
  }
  const fallback =
    query.dataType === 'all' ? 'akhada-export.zip' : EXPORT_PARTS[query.dataType] ? `${query.dataType}.zip` : `${query.dataType}.${query.format}`;
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
