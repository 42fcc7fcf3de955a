import { feedbackRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { feedbackAnalytics } from '../app/analytics.ts';
import type { FeedbackDeps } from '../app/deps.ts';
import { exportFeedback } from '../app/export-feedback.ts';
import { createSurvey, deleteSurvey, getSurvey, listSurveys, respondToSurvey, surveyAnalytics, surveyResponses, updateSurvey } from '../app/surveys.ts';
import {
  archiveFeedback,
  assignFeedback,
  assignees,
  changeStatus,
  getFeedback,
  listFeedback,
  myFeedback,
  respondToFeedback,
  submitFeedback,
} from '../app/tickets.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (a member's own ticket, a staff member's locations) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: FeedbackDeps): void => {
  addRoute(svc, r.submit, async ({ ctx, body }, _req, reply) => {
    const data = await submitFeedback(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: 'Feedback submitted successfully!' };
  });
  addRoute(svc, r.export, async ({ ctx, query }, _req, reply) => {
    const file = await exportFeedback(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.list, async ({ ctx, query }) => {
    return listFeedback(deps, ctx, query);
  });
  addRoute(svc, r.assignees, async ({ ctx }) => {
    return { success: true, data: await assignees(deps, ctx) };
  });
  addRoute(svc, r.my, async ({ ctx, query }) => {
    return myFeedback(deps, ctx, query);
  });
  addRoute(svc, r.analytics, async ({ ctx, query }) => {
    return { success: true, data: await feedbackAnalytics(deps, ctx, query) };
  });
  addRoute(svc, r.get, async ({ ctx, params }) => {
    return { success: true, data: await getFeedback(deps, ctx, params.id) };
  });
  addRoute(svc, r.updateStatus, async ({ ctx, params, body }) => {
    return { success: true, data: await changeStatus(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.respond, async ({ ctx, params, body }) => {
    return { success: true, data: await respondToFeedback(deps, ctx, params.id, body), message: 'Response sent' };
  });
  addRoute(svc, r.assign, async ({ ctx, params, body }) => {
    return { success: true, data: await assignFeedback(deps, ctx, params.id, body.assigneeId) };
  });
  addRoute(svc, r.remove, async ({ ctx, params }) => {
    await archiveFeedback(deps, ctx, params.id);
    return { success: true, message: 'Feedback archived' };
  });
  addRoute(svc, r.createSurvey, async ({ ctx, body }, _req, reply) => {
    const data = await createSurvey(deps, ctx, body);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.listSurveys, async ({ ctx, query }) => {
    return listSurveys(deps, ctx, query);
  });
  addRoute(svc, r.getSurvey, async ({ ctx, params }) => {
    return { success: true, data: await getSurvey(deps, ctx, params.id) };
  });
  addRoute(svc, r.updateSurvey, async ({ ctx, params, body }) => {
    return { success: true, data: await updateSurvey(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.deleteSurvey, async ({ ctx, params }) => {
    await deleteSurvey(deps, ctx, params.id);
    return { success: true, message: 'Survey removed' };
  });
  addRoute(svc, r.respondSurvey, async ({ ctx, params, body }, _req, reply) => {
    await respondToSurvey(deps, ctx, params.id, body);
    reply.code(201);
    return { success: true, message: 'Thank you for your answers!' };
  });
  addRoute(svc, r.surveyResponses, async ({ ctx, params, query }) => {
    return surveyResponses(deps, ctx, params.id, query);
  });
  addRoute(svc, r.surveyAnalytics, async ({ ctx, params }) => {
    return { success: true, data: await surveyAnalytics(deps, ctx, params.id) };
  });
};
