import {
  feedbackRoutes as r,
  type AssignFeedbackBody,
  type FeedbackAnalyticsQuery,
  type FeedbackListQuery,
  type FeedbackStatusBody,
  type RespondFeedbackBody,
  type SubmitFeedbackBody,
  type SurveyBody,
  trainersRoutes,
} from '@akhada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse, type Query } from '../../../lib/api-client';

export type ListParams = Partial<Omit<z.output<typeof FeedbackListQuery>, 'page' | 'limit' | 'rating'>> & { page?: number; limit?: number; rating?: number };
export type AnalyticsParams = Partial<z.output<typeof FeedbackAnalyticsQuery>>;

/** The feature's cache keys: everything under ['feedback'], so any change refreshes what feedback shows. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (p: ListParams) => ['feedback', 'list', p] as const,
  my: (status: string | undefined, page: number) => ['feedback', 'my', status ?? 'all', page] as const,
  analytics: (p: AnalyticsParams) => ['feedback', 'analytics', p] as const,
  assignees: ['feedback', 'assignees'] as const,
  surveys: (scope: string) => ['feedback', 'surveys', scope] as const,
  surveyAnalytics: (id: string) => ['feedback', 'survey-analytics', id] as const,
};

const q = (o: object): Query => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Query;

export const useFeedbackList = (p: ListParams) =>
  useQuery({
    queryKey: feedbackKeys.list(p),
    queryFn: async ({ signal }) => parseResponse(r.list.responses[200], await callRoute(r.list, { query: q(p), signal }), 'GET /feedback'),
    placeholderData: keepPreviousData,
  });

export const useMyFeedback = (status: string | undefined, page: number) =>
  useQuery({
    queryKey: feedbackKeys.my(status, page),
    queryFn: async ({ signal }) =>
      parseResponse(r.my.responses[200], await callRoute(r.my, { query: q({ status, page, limit: 10 }), signal }), 'GET /feedback/my'),
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (p: AnalyticsParams) =>
  useQuery({
    queryKey: feedbackKeys.analytics(p),
    queryFn: async ({ signal }) =>
      parseResponse(r.analytics.responses[200], await callRoute(r.analytics, { query: q(p), signal }), 'GET /feedback/analytics').data,
    placeholderData: keepPreviousData,
  });

/** The gym's trainers (first 100, by the trainers service) for the queue's trainer filter. */
export const useTrainerOptions = () =>
  useQuery({
    queryKey: ['feedback', 'trainer-options'] as const,
    queryFn: async ({ signal }) =>
      parseResponse(trainersRoutes.list.responses[200], await callRoute(trainersRoutes.list, { query: { limit: 100 }, signal }), 'GET /trainers').data.map(
        (tr) => ({ id: tr._id, name: `${tr.user.firstName} ${tr.user.lastName}`.trim() }),
      ),
    staleTime: 60_000,
  });

export const useAssignees = (enabled: boolean) =>
  useQuery({
    queryKey: feedbackKeys.assignees,
    queryFn: async ({ signal }) => parseResponse(r.assignees.responses[200], await callRoute(r.assignees, { signal }), 'GET /feedback/assignees').data,
    enabled,
  });

export const useSurveys = (scope: 'staff' | 'member') =>
  useQuery({
    queryKey: feedbackKeys.surveys(scope),
    queryFn: async ({ signal }) =>
      parseResponse(r.listSurveys.responses[200], await callRoute(r.listSurveys, { query: { limit: 100 }, signal }), 'GET /feedback/surveys'),
  });

export const useSurveyAnalytics = (id: string | null) =>
  useQuery({
    queryKey: feedbackKeys.surveyAnalytics(id ?? ''),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.surveyAnalytics.responses[200],
        await callRoute(r.surveyAnalytics, { params: { id: id! }, signal }),
        'GET /feedback/surveys/:id/analytics',
      ).data,
    enabled: !!id,
  });

/** Every write of the feature; each refreshes everything feedback shows. */
export function useFeedbackMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: feedbackKeys.all });
  return {
    submit: useMutation({
      mutationFn: async (body: SubmitFeedbackBody) => parseResponse(r.submit.responses[201], await callRoute(r.submit, { body }), 'POST /feedback'),
      onSuccess,
    }),
    status: useMutation({
      mutationFn: async ({ id, ...body }: { id: string } & z.input<typeof FeedbackStatusBody>) =>
        parseResponse(r.updateStatus.responses[200], await callRoute(r.updateStatus, { params: { id }, body }), 'PUT /feedback/:id/status').data,
      onSuccess,
    }),
    respond: useMutation({
      mutationFn: async ({ id, ...body }: { id: string } & z.input<typeof RespondFeedbackBody>) =>
        parseResponse(r.respond.responses[200], await callRoute(r.respond, { params: { id }, body }), 'POST /feedback/:id/respond').data,
      onSuccess,
    }),
    assign: useMutation({
      mutationFn: async ({ id, ...body }: { id: string } & z.input<typeof AssignFeedbackBody>) =>
        parseResponse(r.assign.responses[200], await callRoute(r.assign, { params: { id }, body }), 'POST /feedback/:id/assign').data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => parseResponse(r.remove.responses[200], await callRoute(r.remove, { params: { id } }), 'DELETE /feedback/:id'),
      onSuccess,
    }),
    createSurvey: useMutation({
      mutationFn: async (body: SurveyBody) =>
        parseResponse(r.createSurvey.responses[201], await callRoute(r.createSurvey, { body }), 'POST /feedback/surveys').data,
      onSuccess,
    }),
    updateSurvey: useMutation({
      mutationFn: async ({ id, body }: { id: string; body: SurveyBody }) =>
        parseResponse(r.updateSurvey.responses[200], await callRoute(r.updateSurvey, { params: { id }, body }), 'PUT /feedback/surveys/:id').data,
      onSuccess,
    }),
    deleteSurvey: useMutation({
      mutationFn: async (id: string) =>
        parseResponse(r.deleteSurvey.responses[200], await callRoute(r.deleteSurvey, { params: { id } }), 'DELETE /feedback/surveys/:id'),
      onSuccess,
    }),
    answerSurvey: useMutation({
      mutationFn: async ({ id, answers }: { id: string; answers: Record<string, number | string | string[]> }) =>
        parseResponse(
          r.respondSurvey.responses[201],
          await callRoute(r.respondSurvey, { params: { id }, body: { answers } }),
          'POST /feedback/surveys/:id/respond',
        ),
      onSuccess,
    }),
  };
}
