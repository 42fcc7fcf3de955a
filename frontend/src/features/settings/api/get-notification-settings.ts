import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';
import { ServiceEnvelope } from '../../../lib/service-envelope';

/** GET /api/settings/notifications (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getNotificationSettings(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/settings/notifications', signal });
  return parseResponse(ServiceEnvelope, json, 'GET /settings/notifications');
}

export function useNotificationSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.notifications, queryFn: ({ signal }) => getNotificationSettings(signal), enabled });
}
