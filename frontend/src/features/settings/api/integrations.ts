import { integrationRoutes as r, type CreateWebhookBody, type PutEmailSettingsBody, type PutSmsSettingsBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** Settings → Integrations, answered by the notifications service: mail server, WhatsApp/SMS provider, webhooks. */
export async function getMessagingSettings() {
  return parseResponse(r.messaging.responses[200], await callRoute(r.messaging, {}), 'GET /settings/integrations/messaging').data;
}
export const useMessagingSettings = () => useQuery({ queryKey: settingsKeys.messaging, queryFn: getMessagingSettings });

export function useSaveMessaging() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      a: { channel: 'email'; body: PutEmailSettingsBody } | { channel: 'sms'; body: PutSmsSettingsBody } | { channel: 'email' | 'sms'; remove: true },
    ) => {
      if ('remove' in a) {
        const c = a.channel === 'email' ? r.deleteEmail : r.deleteSms;
        return parseResponse(c.responses[200], await callRoute(c, {}), `DELETE ${c.path}`).data;
      }
      if (a.channel === 'email')
        return parseResponse(r.putEmail.responses[200], await callRoute(r.putEmail, { body: a.body }), 'PUT /settings/integrations/email').data;
      return parseResponse(r.putSms.responses[200], await callRoute(r.putSms, { body: a.body }), 'PUT /settings/integrations/sms').data;
    },
    onSuccess: (data) => qc.setQueryData(settingsKeys.messaging, data),
  });
}

/** Send test: a real message through the channel; a provider's problem comes back as a 502 with its code. */
export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { channel: 'email' | 'sms'; to: string; language: 'en' | 'hi' }) => {
      const c = a.channel === 'email' ? r.testEmail : r.testSms;
      return parseResponse(c.responses[200], await callRoute(c, { body: { to: a.to, language: a.language } }), `POST ${c.path}`).data;
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: settingsKeys.messaging }),
  });
}

export const useWebhooks = () =>
  useQuery({
    queryKey: settingsKeys.webhooks,
    queryFn: async () => parseResponse(r.listWebhooks.responses[200], await callRoute(r.listWebhooks, {}), 'GET /settings/integrations/webhooks').data,
  });

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      parseResponse(r.createWebhook.responses[201], await callRoute(r.createWebhook, { body }), 'POST /settings/integrations/webhooks').data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(r.deleteWebhook.responses[200], await callRoute(r.deleteWebhook, { params: { id } }), 'DELETE /settings/integrations/webhooks/:id').data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: settingsKeys.webhooks }),
  });
}

/** The endpoint's delivery log; polled every 2 s while a delivery is still pending. */
export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: [...settingsKeys.webhooks, id, 'deliveries'],
    queryFn: async () =>
      parseResponse(
        r.webhookDeliveries.responses[200],
        await callRoute(r.webhookDeliveries, { params: { id } }),
        'GET /settings/integrations/webhooks/:id/deliveries',
      ).data,
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });

export function useWebhookAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { kind: 'test'; endpointId: string } | { kind: 'redeliver'; endpointId: string; deliveryId: string }) => {
      const c = a.kind === 'test' ? r.testWebhook : r.redeliver;
      const id = a.kind === 'test' ? a.endpointId : a.deliveryId;
      return parseResponse(c.responses[202], await callRoute(c, { params: { id } }), `POST ${c.path}`).data;
    },
    onSuccess: (_d, a) => void qc.invalidateQueries({ queryKey: [...settingsKeys.webhooks, a.endpointId, 'deliveries'] }),
  });
}
