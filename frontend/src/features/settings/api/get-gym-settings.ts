import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';
import { ServiceEnvelope } from '../../../lib/service-envelope';

/** GET /api/settings/gym (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getGymSettings(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/settings/gym', signal });
  return parseResponse(ServiceEnvelope, json, 'GET /settings/gym');
}

export function useGymSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.gym, queryFn: ({ signal }) => getGymSettings(signal), enabled });
}
