import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import { dateIn } from '../domain/membership/calendar.ts';

/** What the use cases need: the database, a clock, and the time zone that decides "today". Use cases Pick from it. */
export interface MembersDeps {
  db: Kysely<MembersDb>;
  clock: () => Date;
  /** Location time zones are not known to this service yet; every location counts as this zone. */
  timeZone: string;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, MembersDeps {}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export const todayFor = ({ clock, timeZone }: Pick<MembersDeps, 'clock' | 'timeZone'>): string => dateIn(timeZone, clock());
