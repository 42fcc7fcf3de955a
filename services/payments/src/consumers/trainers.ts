import { payTrainers } from '../db/people-repo.ts';

/** The trainers this service pays, kept from the trainers service's events (db/people-repo.ts). */
export const trainerHandlers = payTrainers.handlers();
