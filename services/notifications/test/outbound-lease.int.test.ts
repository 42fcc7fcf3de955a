// A campaign's or automation's sender that dies after the provider accepted a message but before recording it sent
// (issue 27): a WhatsApp message waits for the platform's status callback past its lease instead of going again at
// once; an SMS (no callback here) goes back after the lease. Against the real PostgreSQL (claims as the sender makes them).
import { newId } from '@akhada/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOutbound, enqueueMessages, recordOutboundStatus, WHATSAPP_RECONCILE_MS, type NewOutboundMessage } from '../src/db/outbound-messages-repo.ts';
import { bootNotifications } from './setup.ts';

const orgId = newId();
const LEASE = 5 * 60_000;
let svc: Awaited<ReturnType<typeof bootNotifications>>;
const t0 = new Date('2026-11-29T06:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const message = (channel: 'whatsapp' | 'sms'): NewOutboundMessage => ({
  orgId,
  locationId: null,
  personId: newId(),
  personKind: 'member',
  personName: 'Asha Verma',
  channel,
  address: '9876543210',
  language: 'en',
  purpose: 'automation',
  marketing: false,
  automationRunId: newId(),
  actionStep: 0,
  templateId: null,
  content:
    channel === 'whatsapp'
      ? { text: 'Hi Asha', whatsapp: { name: 'hello_1a2b3c4d', language: 'en', params: ['Asha'] } }
      : { text: 'Hi Asha', sms: { dltTemplateId: '1107161234567890123', senderHeader: 'AKHADA' } },
  ratePerMinute: 6000,
});
const statusOf = async (personId: string) =>
  await svc.db.selectFrom('outbound_messages').select(['status', 'attempts']).where('person_id', '=', personId).executeTakeFirstOrThrow();

beforeAll(async () => {
  svc = await bootNotifications('notif_lease', { clock: () => t0 });
});
afterAll(async () => svc?.close());

describe('a sender that died mid-send', () => {
  it('a WhatsApp message is settled by the platform’s callback, not sent again after the lease; without a callback it goes again later; an SMS goes again after the lease', async () => {
    const [settled, silent, sms] = [message('whatsapp'), message('whatsapp'), message('sms')];
    await svc.db.transaction().execute((trx) => enqueueMessages(trx, [settled, silent, sms], t0));
    // The sender claims all three (committed 'sending'), hands them to the providers, and dies before recording anything.
    const first = await claimOutbound(svc.db, t0, 10, LEASE);
    expect(first.map((m) => m.person_id).sort()).toEqual([settled.personId, silent.personId, sms.personId].sort());

    // Past the lease: the SMS goes back to the queue and is claimed again; the WhatsApp ones wait for their callbacks.
    const afterLease = await claimOutbound(svc.db, at(LEASE + 60_000), 10, LEASE);
    expect(afterLease.map((m) => m.person_id)).toEqual([sms.personId]);
    expect(await statusOf(settled.personId)).toEqual({ status: 'sending', attempts: 1 });

    // The platform's callback for the first (our id as its reference) settles it: sent, never claimed again.
    const settledId = first.find((m) => m.person_id === settled.personId)!.id;
    expect(
      await recordOutboundStatus(svc.db, { outboundId: settledId, providerId: 'wamid.A1', status: 'delivered', at: at(LEASE + 90_000), reason: null }),
    ).toBe(true);
    // No callback ever came for the other: after the reconcile time it is sent again (the provider most likely never had it).
    const later = await claimOutbound(svc.db, at(LEASE + WHATSAPP_RECONCILE_MS + 60_000), 10, LEASE);
    // (The SMS, claimed again above and again not recorded, is back too: its second lease ran out.)
    expect(later.map((m) => m.person_id).sort()).toEqual([silent.personId, sms.personId].sort());
    expect(await statusOf(settled.personId)).toEqual({ status: 'delivered', attempts: 1 });
    expect(await statusOf(silent.personId)).toEqual({ status: 'sending', attempts: 2 });
  });
});
