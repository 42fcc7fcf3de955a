import { memberPeople, trainerPeople } from '../db/people-repo.ts';

/** Members' and trainers' events into this service's people copy (db/people-repo.ts). */
export const memberHandlers = memberPeople.handlers();
export const trainerHandlers = trainerPeople.handlers();
