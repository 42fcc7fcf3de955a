import { notificationRoutes, type Notification, type UnreadCount } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { markReadInList, type NotificationListData } from '../lib/list-cache';
import { notificationKeys } from '../../../lib/query-keys/notifications';

/** PUT /api/notifications/:id/read */
export async function markNotificationRead(id: string) {
  const json = await callRoute(notificationRoutes.markRead, { params: { id } });
  return parseResponse(notificationRoutes.markRead.responses[200], json, 'PUT /notifications/:id/read').data;
}

/** Marks read at once on screen (count drops by one, never below zero), then settles with the server. */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: Notification) => markNotificationRead(n._id),
    onMutate: async (n) => {
      await qc.cancelQueries({ queryKey: notificationKeys.lists });
      const now = new Date().toISOString();
      qc.setQueriesData<NotificationListData>({ queryKey: notificationKeys.lists }, (old) => (old ? markReadInList(old, n._id, now) : old));
      if (n.status === 'unread') {
        qc.setQueryData<z.infer<typeof UnreadCount>>(notificationKeys.unreadCount, (old) => (old ? { unreadCount: Math.max(0, old.unreadCount - 1) } : old));
      }
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.stats });
      void qc.invalidateQueries({ queryKey: notificationKeys.unreadCount });
    },
  });
}
