import { gymSettingsRoutes, trainersRoutes } from '@akhada/contracts';
import { ownerRead, type Logger, type RequestContext } from '@akhada/kit';

/** A staff member of the caller's gym as the services owning staff know them, or null. */
export type StaffDirectory = (id: string, ctx: RequestContext) => Promise<{ id: string; firstName: string; lastName: string } | null>;

/**
 * Who a staff id is, asked of the services that own staff while auth's event has not reached this service yet (an
 * admin or trainer added a moment ago): auth's staff list (the owner may read it) and then trainers' copy of a trainer
 * (owners and admins may). The caller's token is forwarded, so each owner answers only within the caller's gym; not
 * found by either: null. An owner that does not answer is a 503 "try again" (ownerRead).
 */
export const createStaffDirectory = (o: { authUrl: string; trainersUrl: string; logger?: Pick<Logger, 'warn'> }): StaffDirectory => {
  const staffList = ownerRead(gymSettingsRoutes.listStaff, { baseUrl: o.authUrl, ...(o.logger ? { logger: o.logger } : {}) });
  const trainer = ownerRead(trainersRoutes.copy, { baseUrl: o.trainersUrl, ...(o.logger ? { logger: o.logger } : {}) });
  return async (id, ctx: RequestContext) => {
    if (ctx.role === 'owner') {
      const found = (await staffList({}, ctx))?.data.find((s) => s._id === id);
      if (found) return { id, firstName: found.firstName, lastName: found.lastName };
    }
    const t = (await trainer({ id }, ctx))?.data;
    return t ? { id, firstName: t.firstName, lastName: t.lastName } : null;
  };
};
