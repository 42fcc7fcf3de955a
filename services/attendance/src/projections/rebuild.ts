import { countSessions, lockAndClearSessions } from '../db/sessions-repo.ts';
import { countTrialVisits, lockAndClearTrialVisits } from '../db/trial-passes-repo.ts';
import { projectSessions } from './sessions.ts';
import { projectTrialVisits } from './trial-visits.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = {
  sessions: { clear: lockAndClearSessions, project: projectSessions, count: countSessions },
  trial_visits: { clear: lockAndClearTrialVisits, project: projectTrialVisits, count: countTrialVisits },
} as const;
