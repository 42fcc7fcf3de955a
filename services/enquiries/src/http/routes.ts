import { enquiriesRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { FastifyRequest } from 'fastify';
import { createLead } from '../app/capture.ts';
import type { EnquiriesDeps } from '../app/deps.ts';
import { addFollowUp, completeFollowUp, todayFollowUps } from '../app/follow-ups.ts';
import { addNote, assignLead, editLead, getLead, listLeads, loseLead, moveStage, reopenLead } from '../app/leads.ts';
import { formLinks, publicEnquiry, publicForm } from '../app/public-form.ts';
import { exportFunnel, funnelReport } from '../app/reports.ts';
import { leadStaff } from '../app/staff.ts';
import { issueTrialPass } from '../app/trial-passes.ts';

type Svc = Parameters<typeof addRoute>[0];

const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** For the public form (no signed-in caller): this request's id and the conversation it belongs to. */
const requestIdsOf = (req: FastifyRequest) => {
  const forwarded = req.headers['x-correlation-id'];
  return { requestId: req.id, correlationId: typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : req.id };
};

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (the caller's locations, a trainer's own leads) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: EnquiriesDeps): void => {
  addRoute(svc, r.listLeads, async ({ ctx, query }) => listLeads(deps, ctx, query));
  addRoute(svc, r.createLead, async ({ ctx, body }, _req, reply) => {
    const data = await createLead(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: data.duplicate ? 'This number enquired before: added to that lead.' : 'Enquiry saved.' };
  });
  addRoute(svc, r.getLead, async ({ ctx, params }) => ({ success: true, data: await getLead(deps, ctx, params.id) }));
  addRoute(svc, r.editLead, async ({ ctx, params, body }) => ({ success: true, data: await editLead(deps, ctx, params.id, body) }));
  addRoute(svc, r.moveStage, async ({ ctx, params, body }) => ({ success: true, data: await moveStage(deps, ctx, params.id, body.stage) }));
  addRoute(svc, r.loseLead, async ({ ctx, params, body }) => ({ success: true, data: await loseLead(deps, ctx, params.id, body.reason, body.note) }));
  addRoute(svc, r.reopenLead, async ({ ctx, params }) => ({ success: true, data: await reopenLead(deps, ctx, params.id) }));
  addRoute(svc, r.assignLead, async ({ ctx, params, body }) => ({ success: true, data: await assignLead(deps, ctx, params.id, body.ownerId) }));
  addRoute(svc, r.addNote, async ({ ctx, params, body }) => ({ success: true, data: await addNote(deps, ctx, params.id, body.text) }));
  addRoute(svc, r.addFollowUp, async ({ ctx, params, body }) => ({ success: true, data: await addFollowUp(deps, ctx, params.id, body) }));
  addRoute(svc, r.completeFollowUp, async ({ ctx, params, body }) => ({
    success: true,
    data: await completeFollowUp(deps, ctx, params.id, params.followUpId, body.outcome),
  }));
  addRoute(svc, r.issueTrialPass, async ({ ctx, params, body }) => ({
    success: true,
    data: await issueTrialPass(deps, ctx, params.id, body.days),
    message: 'Trial pass issued.',
  }));
  addRoute(svc, r.staff, async ({ ctx }) => ({ success: true, data: await leadStaff(deps, ctx) }));
  addRoute(svc, r.todayFollowUps, async ({ ctx }) => ({ success: true, data: await todayFollowUps(deps, ctx) }));
  addRoute(svc, r.funnelReport, async ({ ctx, query }) => ({ success: true, data: await funnelReport(deps, ctx, query) }));
  addRoute(svc, r.funnelExport, async ({ ctx, query }, _req, reply) => {
    const file = await exportFunnel(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.formLinks, async ({ ctx }) => ({ success: true, data: await formLinks(deps, ctx) }));
  addRoute(svc, r.myFormLinks, async ({ ctx }) => ({ success: true, data: await formLinks(deps, ctx) }));
  addRoute(svc, r.publicForm, async ({ params }) => ({ success: true, data: await publicForm(deps, params.code) }));
  addRoute(svc, r.publicEnquiry, async ({ params, body }, req, reply) => {
    await publicEnquiry(deps, requestIdsOf(req), params.code, req.ip, body);
    reply.code(201);
    return { success: true, message: 'Thank you! The gym will call you soon.' };
  });
};
