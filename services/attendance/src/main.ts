import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createGroupCommit, loadConfig, peopleOwners, serveService } from '@akhada/kit';
import { z } from 'zod';
import { sessionAggregate } from './aggregates/session.ts';
import { startAutoCloseJob } from './app/auto-close.ts';
import { DEFAULT_TIME_ZONE } from './app/deps.ts';
import { startLowAttendanceJob } from './app/detect-low-attendance.ts';
import { startTrialPassPruneJob } from './app/prune-trial-passes.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { AttendanceDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), consumers of
// members' and trainers' events, the auto-close, low-attendance and trial-pass prune jobs, the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.attendance.port),
    /** A session open longer than this is closed automatically (minutes). */
    AUTO_CLOSE_AFTER_MINUTES: z.coerce.number().int().min(1).default(240),
    /** How often the auto-close job runs (ms). */
    AUTO_CLOSE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Days without a visit after which an active member is reported (attendance.low_attendance_detected). */
    LOW_ATTENDANCE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** How often the low-attendance rule runs (ms). */
    LOW_ATTENDANCE_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
    /** How often trial passes that ended over a week ago leave this service's copy (ms). */
    TRIAL_PASS_PRUNE_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  }),
);
const runtime = await bootRuntime<AttendanceDb>({ name: 'attendance', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const deps = {
  db: dbh.db,
  clock: () => new Date(),
  directory,
  timeZone: DEFAULT_TIME_ZONE,
  sessions: createGroupCommit(dbh.db, sessionAggregate),
  people: peopleOwners(config, { logger }),
};

const consumers = await startConsumers({ bus, db: dbh.db, logger });
const autoClose = startAutoCloseJob({ ...deps, logger }, { maxOpenMinutes: config.AUTO_CLOSE_AFTER_MINUTES, intervalMs: config.AUTO_CLOSE_INTERVAL_MS });
const lowAttendance = startLowAttendanceJob({ ...deps, logger }, { days: config.LOW_ATTENDANCE_DAYS, intervalMs: config.LOW_ATTENDANCE_INTERVAL_MS });
const trialPassPrune = startTrialPassPruneJob({ ...deps, logger }, { intervalMs: config.TRIAL_PASS_PRUNE_INTERVAL_MS });
const app = buildApp({ logger, verifier, readiness, ...deps });
await serveService({ app, config, runtime, consumers, onClose: [autoClose.stop, lowAttendance.stop, trialPassPrune.stop] });
