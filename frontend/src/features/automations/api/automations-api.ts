import { audienceRoutes, automationRoutes as r, type AutomationBodyInput, type AutomationRunStatus } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/*
 * The Automations screen's reads and writes, one function per endpoint of contracts/src/http/automations.ts (and the
 * templates list of audience.ts for the "send a template" action). Every key is under ['automations'], so a write
 * refreshes the rules and their run logs.
 */
export const automationKeys = {
  all: ['automations'] as const,
  rules: ['automations', 'rules'] as const,
  runs: (id: string, status: AutomationRunStatus | undefined, page: number) => ['automations', 'runs', id, status ?? 'all', page] as const,
  templates: ['automations', 'templates'] as const,
};

/** How many runs one page of the log shows. */
export const RUNS_PAGE_SIZE = 20;

export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: automationKeys.rules,
    queryFn: async ({ signal }) => parseResponse(r.list.responses[200], await callRoute(r.list, { signal }), 'GET /notifications/automations').data,
  });
/** The organization's rules (built-in first), as the caller may see them. */
export const useRules = () => useQuery(rulesQueryOptions());

export const runsQueryOptions = (id: string, status: AutomationRunStatus | undefined, page: number) =>
  queryOptions({
    queryKey: automationKeys.runs(id, status, page),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.runs.responses[200],
        await callRoute(r.runs, {
          params: { id },
          query: { page: String(page), limit: String(RUNS_PAGE_SIZE), ...(status ? { status } : {}) },
          signal,
        }),
        'GET /notifications/automations/:id/runs',
      ),
    placeholderData: keepPreviousData,
  });
/** One page of a rule's run log, newest first. */
export const useRuns = (id: string, status: AutomationRunStatus | undefined, page: number) => useQuery(runsQueryOptions(id, status, page));

/** The organization's templates a rule can send (archived ones cannot be chosen). */
export const useTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: automationKeys.templates,
    enabled,
    queryFn: async ({ signal }) =>
      parseResponse(
        audienceRoutes.listTemplates.responses[200],
        await callRoute(audienceRoutes.listTemplates, { signal }),
        'GET /notifications/message-templates',
      ).data,
  });

// Writes.
export async function createRule(body: AutomationBodyInput) {
  return parseResponse(r.create.responses[201], await callRoute(r.create, { body }), 'POST /notifications/automations').data;
}
export async function updateRule({ id, body }: { id: string; body: AutomationBodyInput }) {
  return parseResponse(r.update.responses[200], await callRoute(r.update, { params: { id }, body }), 'PUT /notifications/automations/:id').data;
}
export async function pauseRule(id: string) {
  return parseResponse(r.pause.responses[200], await callRoute(r.pause, { params: { id } }), 'POST /notifications/automations/:id/pause').data;
}
export async function resumeRule(id: string) {
  return parseResponse(r.resume.responses[200], await callRoute(r.resume, { params: { id } }), 'POST /notifications/automations/:id/resume').data;
}
export async function deleteRule(id: string) {
  return parseResponse(r.remove.responses[200], await callRoute(r.remove, { params: { id } }), 'DELETE /notifications/automations/:id');
}

export const useCreateRule = () => useRefreshingMutation(createRule, automationKeys.all);
export const useUpdateRule = () => useRefreshingMutation(updateRule, automationKeys.all);
export const usePauseRule = () => useRefreshingMutation(pauseRule, automationKeys.all);
export const useResumeRule = () => useRefreshingMutation(resumeRule, automationKeys.all);
export const useDeleteRule = () => useRefreshingMutation(deleteRule, automationKeys.all);
