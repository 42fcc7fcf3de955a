import { countSessions, lockAndClearSessions } from '../db/sessions-repo.ts';
import { projectSessions } from './sessions.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = {
  sessions: { clear: lockAndClearSessions, project: projectSessions, count: countSessions },
} as const;
