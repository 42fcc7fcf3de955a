import { authRoutes, type SecurityPolicy } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /settings/security-policy (owners): whether staff must sign in with two-factor. */
export function useSecurityPolicy(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.securityPolicy,
    enabled,
    queryFn: async () =>
      parseResponse(authRoutes.securityPolicy.responses[200], await callRoute(authRoutes.securityPolicy, {}), 'GET /settings/security-policy').data,
  });
}

/** PUT /settings/security-policy (owners). */
export function useUpdateSecurityPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecurityPolicy) =>
      parseResponse(authRoutes.updateSecurityPolicy.responses[200], await callRoute(authRoutes.updateSecurityPolicy, { body }), 'PUT /settings/security-policy')
        .data,
    onSuccess: (data) => qc.setQueryData(settingsKeys.securityPolicy, data),
  });
}
