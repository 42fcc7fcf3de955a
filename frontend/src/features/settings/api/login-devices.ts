import { authRoutes } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /api/auth/sessions → the caller's signed-in devices, this one first. */
export async function getLoginDevices() {
  const json = await callRoute(authRoutes.listDevices, {});
  return parseResponse(authRoutes.listDevices.responses[200], json, 'GET /auth/sessions').data;
}

export function useLoginDevices() {
  return useQuery({ queryKey: settingsKeys.devices, queryFn: getLoginDevices });
}

/** DELETE /api/auth/sessions/:id (one device) or POST /api/auth/sessions/sign-out-others (all but this one). */
export function useSignOutDevices() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: settingsKeys.devices });
  const one = useMutation({
    mutationFn: async (id: string) => {
      const json = await callRoute(authRoutes.signOutDevice, { params: { id } });
      return parseResponse(authRoutes.signOutDevice.responses[200], json, 'DELETE /auth/sessions/:id');
    },
    onSettled: refresh,
  });
  const others = useMutation({
    mutationFn: async () => {
      const json = await callRoute(authRoutes.signOutOtherDevices, {});
      return parseResponse(authRoutes.signOutOtherDevices.responses[200], json, 'POST /auth/sessions/sign-out-others').data.signedOut;
    },
    onSettled: refresh,
  });
  return { one, others };
}
