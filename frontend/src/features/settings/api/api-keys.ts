import { apiKeyRoutes as r, apiKeyUsageRoutes, type CreateApiKeyBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** Settings → API keys: auth keeps the keys; a key's usage per day is counted and answered by the gateway. */
export const apiKeysKey = ['settings', 'api-keys'] as const;

export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysKey, queryFn: async () => parseResponse(r.list.responses[200], await callRoute(r.list, {}), 'GET /settings/api-keys').data });

export const useApiKeyUsage = (id: string) =>
  useQuery({
    queryKey: [...apiKeysKey, id, 'usage'],
    queryFn: async () =>
      parseResponse(apiKeyUsageRoutes.usage.responses[200], await callRoute(apiKeyUsageRoutes.usage, { params: { id } }), 'GET /settings/api-keys/:id/usage')
        .data,
  });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody) => parseResponse(r.create.responses[201], await callRoute(r.create, { body }), 'POST /settings/api-keys').data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRotateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { id: string; graceDays: number }) =>
      parseResponse(
        r.rotate.responses[200],
        await callRoute(r.rotate, { params: { id: a.id }, body: { graceDays: a.graceDays } }),
        'POST /settings/api-keys/:id/rotate',
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(r.revoke.responses[200], await callRoute(r.revoke, { params: { id } }), 'DELETE /settings/api-keys/:id').data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
