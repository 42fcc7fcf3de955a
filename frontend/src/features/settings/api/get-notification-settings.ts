import { notificationRoutes, type MessageLanguage, type NotificationPreferences } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /api/settings/notifications: the caller's preferences per category (the spec's defaults until saved). */
export async function getNotificationSettings(signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.preferences, { signal });
  return parseResponse(notificationRoutes.preferences.responses[200], json, 'GET /settings/notifications').data;
}

export function useNotificationSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.notifications, queryFn: ({ signal }) => getNotificationSettings(signal), enabled });
}

/** PUT /api/settings/notifications: saves all six categories and the language email and WhatsApp are written in. */
export async function saveNotificationSettings(body: { notifications: NotificationPreferences; language: MessageLanguage }) {
  const json = await callRoute(notificationRoutes.updatePreferences, { body });
  return parseResponse(notificationRoutes.updatePreferences.responses[200], json, 'PUT /settings/notifications').data;
}

export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveNotificationSettings, onSuccess: (data) => qc.setQueryData(settingsKeys.notifications, data) });
}

const consentKey = ['settings', 'messaging-consent'] as const;

/** GET /api/notifications/consent: whether, when and how the caller agreed to WhatsApp/SMS messages. */
export function useMessagingConsent(enabled = true) {
  return useQuery({
    queryKey: consentKey,
    enabled,
    queryFn: async ({ signal }) => {
      const json = await callRoute(notificationRoutes.consent, { signal });
      return parseResponse(notificationRoutes.consent.responses[200], json, 'GET /notifications/consent').data;
    },
  });
}

export function useSaveMessagingConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { granted: boolean; phone?: string }) => {
      const json = await callRoute(notificationRoutes.updateConsent, { body });
      return parseResponse(notificationRoutes.updateConsent.responses[200], json, 'PUT /notifications/consent').data;
    },
    onSuccess: (data) => qc.setQueryData(consentKey, data),
  });
}
