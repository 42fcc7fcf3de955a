import { userSettingsRoutes } from '@akhada/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /api/settings/user: the spec's user settings (profile, and security with two-factor and signed-in devices). */
export async function getUserSettings(signal?: AbortSignal) {
  const json = await callRoute(userSettingsRoutes.getUser, { signal });
  return parseResponse(userSettingsRoutes.getUser.responses[200], json, 'GET /settings/user');
}

export function useUserSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.user, queryFn: ({ signal }) => getUserSettings(signal), enabled });
}
