import { paymentsRoutes, type PutRazorpayIntegrationBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /api/payments/integrations/razorpay (owner): the gym's keys as set, secrets only by their last 4 characters. */
export async function getRazorpayIntegration() {
  const json = await callRoute(paymentsRoutes.razorpayIntegration, {});
  return parseResponse(paymentsRoutes.razorpayIntegration.responses[200], json, 'GET /payments/integrations/razorpay').data;
}

export function useRazorpayIntegration(enabled = true) {
  return useQuery({ queryKey: settingsKeys.razorpay, queryFn: getRazorpayIntegration, enabled });
}

export async function putRazorpayIntegration(body: PutRazorpayIntegrationBody) {
  const json = await callRoute(paymentsRoutes.putRazorpayIntegration, { body });
  return parseResponse(paymentsRoutes.putRazorpayIntegration.responses[200], json, 'PUT /payments/integrations/razorpay').data;
}

export function usePutRazorpayIntegration() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putRazorpayIntegration, onSuccess: (data) => qc.setQueryData(settingsKeys.razorpay, data) });
}
