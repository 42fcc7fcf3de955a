// Brings up what the product needs to run: PostgreSQL, Kafka (topics created explicitly) and the local SMTP sink.
import { topicSpecs } from '@akhada/contracts';
import { ensureDatabase, ensurePostgres, type PostgresHandle } from './postgres.ts';
import { ensureKafka, ensureTopics, type KafkaHandle } from './kafka.ts';
import {
  isSmsSinkRunning,
  isSmtpSinkRunning,
  isWhatsAppSinkRunning,
  type SmsSink,
  type SmtpSink,
  startSmsSink,
  startSmtpSink,
  startWhatsAppSink,
  type WhatsAppSink,
} from '../standins/index.ts';
import { authCodeTemplates } from '../../services/auth/src/adapters/sms-sender.ts';
import { approvedWhatsAppTemplates } from '../../services/notifications/src/domain/whatsapp-templates.ts';

/** Notifications sends from its own business number here (stack.ts); auth keeps its WHATSAPP_PHONE_NUMBER_ID default. */
export const NOTIFICATIONS_WHATSAPP_NUMBER = '100000000000002';

/**
 * The templates the local WhatsApp stand-in approves, as WhatsApp Manager would: notifications' catalogue and auth's
 * one-time-code template (one source each).
 */
export const approvedTemplates = () => [...approvedWhatsAppTemplates(), ...authCodeTemplates()];

export interface Infra {
  databaseUrl: string;
  brokers: string[];
  pg: PostgresHandle;
  kafka: KafkaHandle;
  sink?: SmtpSink;
  whatsappSink?: WhatsAppSink;
  smsSink?: SmsSink;
  /** Stops only what this call started. */
  stop(): Promise<void>;
}

export async function provision({
  root,
  database,
  fresh = false,
  smtp,
  whatsapp,
  sms,
}: {
  root: string;
  database: string;
  fresh?: boolean;
  smtp?: { smtpPort: number; httpPort: number };
  /**
   * The WhatsApp Cloud API stand-in (notifications sends WhatsApp/SMS there in development and tests), with the
   * notifications catalogue as its approved templates (one source); stack.ts points its webhook at notifications.
   */
  whatsapp?: { port: number };
  /**
   * The Indian SMS gateway stand-in (campaigns' and automations' SMS, with DLT template ids): it knows no DLT template
   * until told (POST /control/templates), as a real gateway knows only those registered on the DLT portal.
   */
  sms?: { port: number };
}): Promise<Infra> {
  const t0 = Date.now();
  const [pg, kafka] = await Promise.all([ensurePostgres({ root }), ensureKafka({ root })]);
  let sink: SmtpSink | undefined;
  let whatsappSink: WhatsAppSink | undefined;
  let smsSink: SmsSink | undefined;
  let databaseUrl: string;
  try {
    databaseUrl = await ensureDatabase(pg.url, database, { fresh });
    await ensureTopics(kafka.brokers, topicSpecs());
    if (smtp && !(await isSmtpSinkRunning(smtp.httpPort))) sink = await startSmtpSink(smtp);
    if (whatsapp && !(await isWhatsAppSinkRunning(whatsapp.port)))
      whatsappSink = await startWhatsAppSink({
        port: whatsapp.port,
        templates: approvedTemplates(),
        defaultPhoneNumberId: NOTIFICATIONS_WHATSAPP_NUMBER,
      });
    if (sms && !(await isSmsSinkRunning(sms.port))) smsSink = await startSmsSink({ port: sms.port });
  } catch (err) {
    // What this call started does not outlive its failure (a broker left behind would be reused by the next run).
    await smsSink?.stop();
    await whatsappSink?.stop();
    await sink?.stop();
    await kafka.stop();
    await pg.stop();
    throw err;
  }
  console.error(
    `[infra] PostgreSQL ${pg.startedByUs ? 'started' : 'reused'}, Kafka ${kafka.startedByUs ? 'started' : 'reused'} (${kafka.brokers.join(',')}), ` +
      `database ${database}${fresh ? ' (fresh)' : ''}, ${topicSpecs().length} topics, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return {
    databaseUrl,
    brokers: kafka.brokers,
    pg,
    kafka,
    sink,
    whatsappSink,
    smsSink,
    async stop() {
      await smsSink?.stop();
      await whatsappSink?.stop();
      await sink?.stop();
      await kafka.stop();
      await pg.stop();
    },
  };
}
