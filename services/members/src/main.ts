import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { migrations } from './db/migrations.ts';
import type { MembersDb } from './db/tables.ts';

const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().default(SERVICES.members.port) }));
const runtime = await bootRuntime<MembersDb>({ name: 'members', config, migrations });
const app = buildApp({ db: runtime.dbh.db, logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness });
await serve({ app, port: config.PORT, host: config.HOST, logger: runtime.logger, onClose: runtime.closers });
