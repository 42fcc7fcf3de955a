import { audienceRoutes as r, MessageTemplateInput, type MarketingChannel as TemplateChannel, type TemplateLanguage } from '@akhada/contracts';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/* The organization's message templates (contracts/src/http/audience.ts): list, one, write, archive, review, preview. */
export const templateKeys = {
  all: ['message-templates'] as const,
  list: (channel: TemplateChannel | undefined, archived: boolean) => ['message-templates', 'list', channel ?? 'all', archived] as const,
  detail: (id: string) => ['message-templates', 'detail', id] as const,
  preview: (id: string, language: TemplateLanguage, memberId: string | undefined) => ['message-templates', 'preview', id, language, memberId ?? ''] as const,
  draft: (body: unknown) => ['message-templates', 'draft-preview', body] as const,
};

export const useTemplates = (channel: TemplateChannel | undefined, archived = false) =>
  useQuery({
    queryKey: templateKeys.list(channel, archived),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.listTemplates.responses[200],
        await callRoute(r.listTemplates, { query: { channel, archived: archived ? 'true' : undefined }, signal }),
        'GET /notifications/message-templates',
      ).data,
  });

export const useTemplate = (id: string | undefined) =>
  useQuery({
    queryKey: templateKeys.detail(id ?? ''),
    enabled: id !== undefined,
    queryFn: async ({ signal }) =>
      parseResponse(r.getTemplate.responses[200], await callRoute(r.getTemplate, { params: { id: id! }, signal }), 'GET /notifications/message-templates/:id')
        .data,
  });

/** A saved template filled for one member (or the organization's first). */
export const useTemplatePreview = (id: string | null, language: TemplateLanguage, memberId?: string) =>
  useQuery({
    queryKey: templateKeys.preview(id ?? '', language, memberId),
    enabled: id !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      parseResponse(
        r.previewTemplate.responses[200],
        await callRoute(r.previewTemplate, { params: { id: id! }, body: { language, memberId }, signal }),
        'POST /notifications/message-templates/:id/preview',
      ).data,
    placeholderData: keepPreviousData,
  });

/** A template being written, filled like a saved one; `template` null (not valid yet) asks nothing. */
export const useDraftPreview = (template: z.output<typeof MessageTemplateInput> | null, language: TemplateLanguage, memberId?: string) =>
  useQuery({
    queryKey: templateKeys.draft({ template, language, memberId }),
    enabled: template !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      parseResponse(
        r.previewDraft.responses[200],
        await callRoute(r.previewDraft, { body: { template: template!, language, memberId }, signal }),
        'POST /notifications/message-templates/preview',
      ).data,
    placeholderData: keepPreviousData,
  });

export async function createTemplate(body: z.input<typeof MessageTemplateInput>) {
  return parseResponse(r.createTemplate.responses[201], await callRoute(r.createTemplate, { body }), 'POST /notifications/message-templates').data;
}
export async function updateTemplate({ id, body }: { id: string; body: z.input<typeof MessageTemplateInput> }) {
  return parseResponse(r.updateTemplate.responses[200], await callRoute(r.updateTemplate, { params: { id }, body }), 'PUT /notifications/message-templates/:id')
    .data;
}
export async function archiveTemplate(id: string) {
  return parseResponse(r.archiveTemplate.responses[200], await callRoute(r.archiveTemplate, { params: { id } }), 'DELETE /notifications/message-templates/:id');
}
export async function refreshTemplateStatus(id: string) {
  return parseResponse(
    r.refreshTemplateStatus.responses[200],
    await callRoute(r.refreshTemplateStatus, { params: { id } }),
    'POST /notifications/message-templates/:id/whatsapp-status',
  ).data;
}

function useTemplateMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: templateKeys.all }) });
}
export const useCreateTemplate = () => useTemplateMutation(createTemplate);
export const useUpdateTemplate = () => useTemplateMutation(updateTemplate);
export const useArchiveTemplate = () => useTemplateMutation(archiveTemplate);
export const useRefreshTemplateStatus = () => useTemplateMutation(refreshTemplateStatus);
