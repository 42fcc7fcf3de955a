import type { ClassCategory, ClassType, ClassTypeBody, ClassTypePatch, MembershipType } from '@akhada/contracts';
import { isUniqueViolation, newId, type RequestContext } from '@akhada/kit';
import { conflict, notFound } from '@akhada/kit/domain';
import { archiveClassType, classTypesOf, insertClassType, updateClassType } from '../db/class-types-repo.ts';
import type { ClassTypesTable } from '../db/schema.ts';
import { assertTrainer } from './access.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'people'>;

const toClassType = (r: ClassTypesTable): ClassType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category as ClassCategory,
  durationMinutes: r.duration_minutes,
  defaultCapacity: r.default_capacity,
  defaultTrainerId: r.default_trainer_id,
  colour: r.colour,
  plans: r.plans as MembershipType[],
  dropInPricePaise: r.drop_in_price_paise,
  updatedAt: r.updated_at.toISOString(),
});

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err, 'class_types_name_key')) return conflict('CONFLICT', 'A class type with this name exists already');
  return err;
};

export const listClassTypes = async (deps: Deps, ctx: RequestContext): Promise<ClassType[]> => (await classTypesOf(deps.db, ctx.orgId)).map(toClassType);

export const createClassType = async (deps: Deps, ctx: RequestContext, body: ClassTypeBody): Promise<ClassType> => {
  await assertTrainer(deps, ctx, body.defaultTrainerId);
  try {
    const row = await insertClassType(deps.db, {
      id: newId(),
      org_id: ctx.orgId,
      name: body.name,
      description: body.description,
      category: body.category,
      duration_minutes: body.durationMinutes,
      default_capacity: body.defaultCapacity,
      default_trainer_id: body.defaultTrainerId,
      colour: body.colour,
      plans: body.plans,
      drop_in_price_paise: body.dropInPricePaise,
      archived_at: null,
      updated_at: deps.clock(),
    });
    return toClassType(row);
  } catch (err) {
    throw nameTaken(err);
  }
};

export const changeClassType = async (deps: Deps, ctx: RequestContext, id: string, body: ClassTypePatch): Promise<ClassType> => {
  await assertTrainer(deps, ctx, body.defaultTrainerId);
  try {
    const row = await updateClassType(deps.db, ctx.orgId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.durationMinutes !== undefined ? { duration_minutes: body.durationMinutes } : {}),
      ...(body.defaultCapacity !== undefined ? { default_capacity: body.defaultCapacity } : {}),
      ...(body.defaultTrainerId !== undefined ? { default_trainer_id: body.defaultTrainerId } : {}),
      ...(body.colour !== undefined ? { colour: body.colour } : {}),
      ...(body.plans !== undefined ? { plans: body.plans } : {}),
      ...(body.dropInPricePaise !== undefined ? { drop_in_price_paise: body.dropInPricePaise } : {}),
      updated_at: deps.clock(),
    });
    if (!row) throw notFound('Class type');
    return toClassType(row);
  } catch (err) {
    throw nameTaken(err);
  }
};

export const removeClassType = async (deps: Deps, ctx: RequestContext, id: string): Promise<void> => {
  if (!(await archiveClassType(deps.db, ctx.orgId, id, deps.clock()))) throw notFound('Class type');
};
