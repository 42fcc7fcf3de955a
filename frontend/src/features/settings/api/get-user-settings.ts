import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';
import { ServiceEnvelope } from '../../../lib/service-envelope';

/** GET /api/settings/user (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getUserSettings(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/settings/user', signal });
  return parseResponse(ServiceEnvelope, json, 'GET /settings/user');
}

export function useUserSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.user, queryFn: ({ signal }) => getUserSettings(signal), enabled });
}
