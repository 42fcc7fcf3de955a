import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import { dateIn, DEFAULT_TIME_ZONE } from '@akhada/kit';

/** What the use cases need; each takes `Pick<TrainersDeps, ...>` of it. */
export interface TrainersDeps {
  db: Kysely<TrainersDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, TrainersDeps {}

/** "Today" for certification expiry states: the calendar of the gym's default zone (India). */
export const todayFor = ({ clock }: Pick<TrainersDeps, 'clock'>, timeZone = DEFAULT_TIME_ZONE): string => dateIn(timeZone, clock());
