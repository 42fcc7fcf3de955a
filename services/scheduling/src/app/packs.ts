import type { PackType, PackTypeBody, PackTypePatch } from '@akhada/contracts';
import { isUniqueViolation, newId, type RequestContext } from '@akhada/kit';
import { conflict, notFound } from '@akhada/kit/domain';
import { insertPackType, packTypesOf, updatePackType } from '../db/packs-repo.ts';
import type { PackTypesTable } from '../db/schema.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock'>;

const toPackType = (r: PackTypesTable): PackType => ({
  id: r.id,
  name: r.name,
  sessions: r.sessions,
  validityDays: r.validity_days,
  pricePaise: Number(r.price_paise),
  archived: r.archived_at !== null,
  updatedAt: r.updated_at.toISOString(),
});

const nameTaken = (err: unknown) => (isUniqueViolation(err, 'pack_types_name_key') ? conflict('CONFLICT', 'A pack type with this name exists already') : err);

const isManager = (ctx: RequestContext) => ctx.role === 'owner' || ctx.role === 'admin';

/** The organization's pack types; archived ones only for owners and admins who ask for them. */
export const listPackTypes = async (deps: Deps, ctx: RequestContext, includeArchived: boolean): Promise<PackType[]> =>
  (await packTypesOf(deps.db, ctx.orgId, { archived: includeArchived && isManager(ctx) })).map(toPackType);

export const createPackType = async (deps: Deps, ctx: RequestContext, body: PackTypeBody): Promise<PackType> => {
  try {
    const row = await insertPackType(deps.db, {
      id: newId(),
      org_id: ctx.orgId,
      name: body.name,
      sessions: body.sessions,
      validity_days: body.validityDays,
      price_paise: body.pricePaise,
      archived_at: null,
      updated_at: deps.clock(),
    });
    return toPackType(row);
  } catch (err) {
    throw nameTaken(err);
  }
};

/** Changes a pack type of the caller's organization (404 for another's); packs already sold keep their own terms. */
export const changePackType = async (deps: Deps, ctx: RequestContext, id: string, body: PackTypePatch): Promise<PackType> => {
  const now = deps.clock();
  try {
    const row = await updatePackType(deps.db, ctx.orgId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.sessions !== undefined ? { sessions: body.sessions } : {}),
      ...(body.validityDays !== undefined ? { validity_days: body.validityDays } : {}),
      ...(body.pricePaise !== undefined ? { price_paise: body.pricePaise } : {}),
      ...(body.archived !== undefined ? { archived_at: body.archived ? now : null } : {}),
      updated_at: now,
    });
    if (!row) throw notFound('Pack type');
    return toPackType(row);
  } catch (err) {
    throw nameTaken(err);
  }
};
