import { notificationRoutes, trainersRoutes, type AnnouncementBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

const keys = { list: ['notifications', 'announcements'] as const, trainers: ['notifications', 'announcement-trainers'] as const };

/** GET /api/notifications/announcements: the latest ones, with who sent them and how many received them. */
export function useAnnouncements(enabled: boolean) {
  return useQuery({
    queryKey: keys.list,
    enabled,
    queryFn: async ({ signal }) => {
      const json = await callRoute(notificationRoutes.announcements, { query: { page: 1, limit: 5 }, signal });
      return parseResponse(notificationRoutes.announcements.responses[200], json, 'GET /notifications/announcements').data.announcements;
    },
  });
}

/** The trainers to choose from for "members of a trainer". */
export function useAnnouncementTrainers(enabled: boolean) {
  return useQuery({
    queryKey: keys.trainers,
    enabled,
    queryFn: async ({ signal }) => {
      const json = await callRoute(trainersRoutes.list, { query: { page: 1, limit: 100 }, signal });
      return parseResponse(trainersRoutes.list.responses[200], json, 'GET /trainers').data;
    },
  });
}

/** POST /api/notifications/announcement */
export function useSendAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof AnnouncementBody>) => {
      const json = await callRoute(notificationRoutes.announce, { body });
      return parseResponse(notificationRoutes.announce.responses[201], json, 'POST /notifications/announcement').data;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.list }),
  });
}
