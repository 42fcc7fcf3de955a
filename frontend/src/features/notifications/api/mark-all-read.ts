import { notificationRoutes, type UnreadCount } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { markAllReadInList, type NotificationListData } from '../lib/list-cache';
import { notificationKeys } from '../../../lib/query-keys/notifications';

/** PUT /api/notifications/mark-all-read */
export async function markAllRead() {
  const json = await callRoute(notificationRoutes.markAllRead);
  return parseResponse(notificationRoutes.markAllRead.responses[200], json, 'PUT /notifications/mark-all-read').data;
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      const now = new Date().toISOString();
      qc.setQueriesData<NotificationListData>({ queryKey: notificationKeys.lists }, (old) => (old ? markAllReadInList(old, now) : old));
      qc.setQueryData<z.infer<typeof UnreadCount>>(notificationKeys.unreadCount, { unreadCount: 0 });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
