import {
  enquiriesRoutes as r,
  AddFollowUpBody,
  CreateLeadBody,
  PublicEnquiryBody,
  type LeadsQuery,
  type LostReason,
  type OpenLeadStage,
} from '@akhada/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/*
 * The enquiries screens' reads and writes, one function per endpoint of contracts/src/http/enquiries.ts. Every key is
 * under ['enquiries'], so a write refreshes the board, the lead and today's follow-ups.
 */
export type LeadFilters = Partial<Pick<LeadsQuery, 'stage' | 'ownerId' | 'source' | 'locationId' | 'search'>>;
export const enquiryKeys = {
  all: ['enquiries'] as const,
  list: (f: LeadFilters, page: number) => ['enquiries', 'list', f, page] as const,
  detail: (id: string) => ['enquiries', 'detail', id] as const,
  today: ['enquiries', 'today'] as const,
  form: (code: string) => ['enquiries', 'form', code] as const,
  staff: ['enquiries', 'staff'] as const,
};

const clean = (f: LeadFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const leadsQueryOptions = (f: LeadFilters, page = 1) =>
  queryOptions({
    queryKey: enquiryKeys.list(f, page),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.listLeads.responses[200],
        await callRoute(r.listLeads, { query: { ...clean(f), page: String(page), limit: '100' }, signal }),
        'GET /enquiries/leads',
      ),
    placeholderData: keepPreviousData,
  });
export const useLeads = (f: LeadFilters, page = 1) => useQuery(leadsQueryOptions(f, page));

export const useLead = (id: string) =>
  useQuery({
    queryKey: enquiryKeys.detail(id),
    queryFn: async ({ signal }) =>
      parseResponse(r.getLead.responses[200], await callRoute(r.getLead, { params: { id }, signal }), 'GET /enquiries/leads/:id').data,
  });

export const useTodayFollowUps = () =>
  useQuery({
    queryKey: enquiryKeys.today,
    queryFn: async ({ signal }) =>
      parseResponse(r.todayFollowUps.responses[200], await callRoute(r.todayFollowUps, { signal }), 'GET /enquiries/follow-ups/today').data,
  });

export const useFormLinks = (enabled: boolean) =>
  useQuery({
    queryKey: ['enquiries', 'form-links'],
    enabled,
    queryFn: async ({ signal }) => parseResponse(r.formLinks.responses[200], await callRoute(r.formLinks, { signal }), 'POST /enquiries/form-links').data,
  });

/** The organization's staff by name (owners and admins ask: whom a lead can be given to). */
export const useLeadStaff = (enabled: boolean) =>
  useQuery({
    queryKey: enquiryKeys.staff,
    enabled,
    queryFn: async ({ signal }) => parseResponse(r.staff.responses[200], await callRoute(r.staff, { signal }), 'GET /enquiries/staff').data,
  });

export const usePublicForm = (code: string) =>
  useQuery({
    queryKey: enquiryKeys.form(code),
    retry: false,
    queryFn: async ({ signal }) =>
      parseResponse(r.publicForm.responses[200], await callRoute(r.publicForm, { params: { code }, signal }), 'GET /enquiries/public/:code').data,
  });

// Writes.
export async function createLead(body: z.input<typeof CreateLeadBody>) {
  return parseResponse(r.createLead.responses[201], await callRoute(r.createLead, { body }), 'POST /enquiries/leads').data;
}
export async function moveStage({ id, stage }: { id: string; stage: OpenLeadStage }) {
  return parseResponse(r.moveStage.responses[200], await callRoute(r.moveStage, { params: { id }, body: { stage } }), 'POST /enquiries/leads/:id/stage').data;
}
export async function loseLead({ id, reason, note }: { id: string; reason: LostReason; note?: string }) {
  return parseResponse(r.loseLead.responses[200], await callRoute(r.loseLead, { params: { id }, body: { reason, note } }), 'POST /enquiries/leads/:id/lose')
    .data;
}
export async function reopenLead(id: string) {
  return parseResponse(r.reopenLead.responses[200], await callRoute(r.reopenLead, { params: { id } }), 'POST /enquiries/leads/:id/reopen').data;
}
export async function assignLead({ id, ownerId }: { id: string; ownerId: string | null }) {
  return parseResponse(r.assignLead.responses[200], await callRoute(r.assignLead, { params: { id }, body: { ownerId } }), 'POST /enquiries/leads/:id/owner')
    .data;
}
export async function addNote({ id, text }: { id: string; text: string }) {
  return parseResponse(r.addNote.responses[200], await callRoute(r.addNote, { params: { id }, body: { text } }), 'POST /enquiries/leads/:id/notes').data;
}
export async function addFollowUp({ id, body }: { id: string; body: z.input<typeof AddFollowUpBody> }) {
  return parseResponse(r.addFollowUp.responses[200], await callRoute(r.addFollowUp, { params: { id }, body }), 'POST /enquiries/leads/:id/follow-ups').data;
}
export async function completeFollowUp({ id, followUpId, outcome }: { id: string; followUpId: string; outcome: string }) {
  return parseResponse(
    r.completeFollowUp.responses[200],
    await callRoute(r.completeFollowUp, { params: { id, followUpId }, body: { outcome } }),
    'POST /enquiries/leads/:id/follow-ups/:followUpId/done',
  ).data;
}
export async function issueTrialPass({ id, days }: { id: string; days: number }) {
  return parseResponse(
    r.issueTrialPass.responses[200],
    await callRoute(r.issueTrialPass, { params: { id }, body: { days } }),
    'POST /enquiries/leads/:id/trial-pass',
  ).data;
}
export async function sendPublicEnquiry({ code, body }: { code: string; body: z.input<typeof PublicEnquiryBody> }) {
  return parseResponse(r.publicEnquiry.responses[201], await callRoute(r.publicEnquiry, { params: { code }, body }), 'POST /enquiries/public/:code');
}

/** A write of the enquiries screens: everything under ['enquiries'] is read again once it succeeds. */
function useEnquiryMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: enquiryKeys.all }) });
}
export const useCreateLead = () => useEnquiryMutation(createLead);
export const useMoveStage = () => useEnquiryMutation(moveStage);
export const useLoseLead = () => useEnquiryMutation(loseLead);
export const useReopenLead = () => useEnquiryMutation(reopenLead);
export const useAssignLead = () => useEnquiryMutation(assignLead);
export const useAddNote = () => useEnquiryMutation(addNote);
export const useAddFollowUp = () => useEnquiryMutation(addFollowUp);
export const useCompleteFollowUp = () => useEnquiryMutation(completeFollowUp);
export const useIssueTrialPass = () => useEnquiryMutation(issueTrialPass);
export const useSendPublicEnquiry = () => useMutation({ mutationFn: sendPublicEnquiry });
