import { rebuildProjection } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { countMembers, lockAndClearMembers, restoreAccounts } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';
import type { MembershipEvent } from '../domain/membership/decider.ts';
import { projectMembers } from './members.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = {
  members: { clear: lockAndClearMembers, project: projectMembers, finish: restoreAccounts, count: countMembers },
} as const;
export type ProjectionName = keyof typeof PROJECTIONS;

/** Replays the whole event store into one read table (the kit's rebuildProjection: one transaction, tables locked). */
export const rebuild = (db: Kysely<MembersDb>, name: ProjectionName, options?: { batchSize?: number }): Promise<{ events: number; rows: number }> =>
  rebuildProjection<MembersDb, MembershipEvent>(db, PROJECTIONS[name], options);
