import { trainersRoutes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { addCertification } from '../app/add-certification.ts';
import { approveTrainer } from '../app/approve-trainer.ts';
import { archiveTrainer } from '../app/archive-trainer.ts';
import { createTrainer } from '../app/create-trainer.ts';
import type { TrainersDeps } from '../app/deps.ts';
import { getEarnings } from '../app/get-earnings.ts';
import { getSchedule } from '../app/get-schedule.ts';
import { getMyTrainer, getTrainer } from '../app/get-trainer.ts';
import { trainerCopy } from '../app/trainer-copy.ts';
import { listTrainerClients } from '../app/list-trainer-clients.ts';
import { listTrainers } from '../app/list-trainers.ts';
import { removeCertification } from '../app/remove-certification.ts';
import { resendInvitation } from '../app/resend-invitation.ts';
import { getTrainerStats } from '../app/trainer-stats.ts';
import { updateSchedule } from '../app/update-schedule.ts';
import { updateTrainer } from '../app/update-trainer.ts';

type Svc = Parameters<typeof addRoute>[0];
const r = trainersRoutes;

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: TrainersDeps): void => {
  addRoute(svc, r.list, async ({ query, ctx }) => {
    const page = await listTrainers(deps, ctx, query);
    return { success: true, data: page.trainers, totalCount: page.totalCount, pagination: { page: page.page, limit: page.limit, totalPages: page.totalPages } };
  });
  addRoute(svc, r.stats, async ({ ctx }) => ({ success: true, data: await getTrainerStats(deps, ctx) }));
  addRoute(svc, r.me, async ({ ctx }) => ({ success: true, data: await getMyTrainer(deps, ctx) }));
  addRoute(svc, r.get, async ({ params, ctx }) => ({ success: true, data: await getTrainer(deps, ctx, params.id) }));
  addRoute(svc, r.copy, async ({ params, ctx }) => ({ success: true, data: await trainerCopy(deps, ctx, params.id) }));
  addRoute(svc, r.create, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createTrainer(deps, ctx, body), message: 'Trainer added successfully' }),
  );
  addRoute(svc, r.update, async ({ params, body, ctx }) => ({
    success: true,
    data: await updateTrainer(deps, ctx, params.id, body),
    message: 'Trainer updated successfully',
  }));
  addRoute(svc, r.archive, async ({ params, ctx }) => {
    await archiveTrainer(deps, ctx, params.id);
    return { success: true, message: 'Trainer removed successfully' };
  });
  addRoute(svc, r.approve, async ({ params, ctx }) => ({ success: true, data: await approveTrainer(deps, ctx, params.id), message: 'Trainer approved' }));
  addRoute(svc, r.resendInvitation, async ({ params, ctx }) => {
    await resendInvitation(deps, ctx, params.id);
    return { success: true, message: 'Invitation sent again' };
  });
  addRoute(svc, r.members, async ({ params, query, ctx }) => {
    const page = await listTrainerClients(deps, ctx, params.id, query);
    return { success: true, data: page.clients, totalCount: page.totalCount, pagination: { page: page.page, limit: page.limit, totalPages: page.totalPages } };
  });
  addRoute(svc, r.schedule, async ({ params, ctx }) => ({ success: true, data: await getSchedule(deps, ctx, params.id) }));
  addRoute(svc, r.updateSchedule, async ({ params, body, ctx }) => ({
    success: true,
    data: await updateSchedule(deps, ctx, params.id, body),
    message: 'Schedule saved',
  }));
  addRoute(svc, r.earnings, async ({ params, query, ctx }) => ({ success: true, data: await getEarnings(deps, ctx, params.id, query) }));
  addRoute(svc, r.addCertification, async ({ params, body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await addCertification(deps, ctx, params.id, body), message: 'Certification added' }),
  );
  addRoute(svc, r.removeCertification, async ({ params, ctx }) => ({
    success: true,
    data: await removeCertification(deps, ctx, params.id, params.certificationId),
    message: 'Certification removed',
  }));
};
