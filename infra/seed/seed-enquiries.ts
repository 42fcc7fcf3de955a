// The demo chain's enquiries, through the enquiries API as the front desk works them: leads at both branches from
// every kind of source, at every stage of the pipeline — new, contacted with today's calls (one overdue), a trial
// booked with its pass, a trial done, one joined (converted through members, so the lead is linked to the member) and
// one lost for price — owned by the owner, the Bengaluru admin, the demo trainer or nobody; and the gym's referral
// reward. Idempotent: nothing is added when the organization has leads already.
import { enquiriesRoutes, gymSettingsRoutes, type LeadInterest, type LeadSource } from '@akhada/contracts';
import { apiCall, must } from './seed-api.ts';

type Stage = 'new' | 'contacted' | 'trial_booked' | 'trial_done' | 'joined' | 'lost';
type Owner = 'owner' | 'admin' | 'trainer' | null;

interface DemoLead {
  name: string;
  phone: string;
  branch: 0 | 1;
  interest: LeadInterest;
  source: LeadSource;
  stage: Stage;
  owner: Owner;
  preferredTime?: string;
  notes?: string;
  /** Follow-ups not done yet, due this many hours from now (negative: overdue). */
  followUps?: { kind: 'call' | 'whatsapp' | 'visit'; inHours: number; note: string }[];
}

const LEADS: DemoLead[] = [
  { name: 'Rahul Menon', phone: '9812300101', branch: 0, interest: 'membership', source: 'website', stage: 'new', owner: null, preferredTime: 'Evenings' },
  { name: 'Simran Kaur', phone: '9812300102', branch: 0, interest: 'class', source: 'instagram', stage: 'new', owner: 'owner', notes: 'Asked about Zumba' },
  {
    name: 'Karthik Reddy',
    phone: '9812300103',
    branch: 1,
    interest: 'personal_training',
    source: 'google',
    stage: 'contacted',
    owner: 'admin',
    preferredTime: 'Weekday mornings',
    followUps: [{ kind: 'call', inHours: -2, note: 'Share the PT packages' }],
  },
  {
    name: 'Ananya Ghosh',
    phone: '9812300104',
    branch: 0,
    interest: 'membership',
    source: 'walk_in',
    stage: 'contacted',
    owner: 'owner',
    followUps: [{ kind: 'whatsapp', inHours: 3, note: 'Send the quarterly plan price' }],
  },
  { name: 'Farhan Qureshi', phone: '9812300105', branch: 1, interest: 'membership', source: 'referral', stage: 'trial_booked', owner: 'admin' },
  {
    name: 'Lakshmi Pillai',
    phone: '9812300106',
    branch: 0,
    interest: 'class',
    source: 'phone',
    stage: 'trial_done',
    owner: 'trainer',
    followUps: [{ kind: 'visit', inHours: 26, note: 'Come in to sign up after the trial' }],
  },
  { name: 'Devendra Yadav', phone: '9812300107', branch: 0, interest: 'membership', source: 'walk_in', stage: 'joined', owner: 'owner' },
  {
    name: 'Neha Kapoor',
    phone: '9812300108',
    branch: 1,
    interest: 'membership',
    source: 'instagram',
    stage: 'lost',
    owner: 'admin',
    notes: 'Found a cheaper gym nearby',
  },
];

/** The days a member's referral earns in the demo (Settings → Gym). */
const REFERRAL_REWARD_DAYS = 15;

export interface SeedEnquiriesOptions {
  pune: string;
  blr: string;
  /** The demo trainer (who signs in as trainer@…): the trainer's lead is theirs. */
  trainerEmail: string;
  log?: (s: string) => void;
}

export async function seedEnquiries(base: string, token: string, o: SeedEnquiriesOptions): Promise<void> {
  const log = o.log ?? console.error;
  const call = apiCall(base, token);
  const existing = enquiriesRoutes.listLeads.responses[200].parse(await must('leads', call('GET', '/enquiries/leads?limit=1')));
  if (existing.data.length > 0) return;
  await must('referral reward', call('PUT', '/members/referral-settings', { rewardDays: REFERRAL_REWARD_DAYS }));

  const staff = gymSettingsRoutes.listStaff.responses[200].parse(await must('staff', call('GET', '/settings/staff'))).data;
  const idOf = (role: Exclude<Owner, null>) =>
    staff.find((s) => s.role === role && s.status === 'active' && (role !== 'trainer' || s.email === o.trainerEmail))?._id ?? null;
  const owners: Record<Exclude<Owner, null>, string | null> = { owner: idOf('owner'), admin: idOf('admin'), trainer: idOf('trainer') };
  const branches = [o.pune, o.blr];
  // A lead goes only to staff enquiries knows (from auth's events): a staff member added moments ago may not be known yet.
  const capture = async (body: object) => {
    for (let attempt = 0; ; attempt++) {
      const r = await call('POST', '/enquiries/leads', body);
      if (r.status !== 404 || attempt >= 60) return r;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  for (const l of LEADS) {
    const body = {
      locationId: branches[l.branch],
      name: l.name,
      phone: l.phone,
      email: `${l.name.toLowerCase().replace(/\s+/g, '.')}@example.in`,
      interest: l.interest,
      source: l.source,
      ...(l.preferredTime ? { preferredTime: l.preferredTime } : {}),
      ...(l.notes ? { notes: l.notes } : {}),
      ownerId: l.owner ? owners[l.owner] : null,
    };
    const lead = enquiriesRoutes.createLead.responses[201].parse(await must(`lead ${l.name}`, capture(body))).data.lead;
    if (!lead) throw new Error(`seed: the owner cannot see the lead ${l.name} just captured`);
    const url = `/enquiries/leads/${lead.id}`;
    const move = (stage: Exclude<Stage, 'lost' | 'joined'>) => must(`${l.name} → ${stage}`, call('POST', `${url}/stage`, { stage }));

    if (l.stage !== 'new') {
      // Every lead past new was called once: the call, done, with what came of it.
      const called = enquiriesRoutes.addFollowUp.responses[200].parse(
        await must(`${l.name}: first call`, call('POST', `${url}/follow-ups`, { kind: 'call', dueAt: new Date(Date.now() - 3_600_000).toISOString() })),
      ).data;
      const first = called.followUps.find((f) => f.doneAt === null);
      if (first) await must(`${l.name}: call done`, call('POST', `${url}/follow-ups/${first.id}/done`, { outcome: 'Spoke to them; interested' }));
      await move('contacted');
    }
    if (l.stage === 'trial_booked' || l.stage === 'trial_done') await must(`${l.name}: trial pass`, call('POST', `${url}/trial-pass`, { days: 3 }));
    if (l.stage === 'trial_done') await move('trial_done');
    if (l.stage === 'lost') await must(`${l.name}: lost`, call('POST', `${url}/lose`, { reason: 'price', note: 'Found a cheaper gym nearby' }));
    if (l.stage === 'joined') {
      // Converted as the desk does: the add-member form from the lead; enquiries marks it joined from members' event.
      const [firstName, ...rest] = l.name.split(' ');
      await must(
        `${l.name}: member`,
        call('POST', '/members', {
          firstName,
          lastName: rest.join(' '),
          email: body.email,
          phone: l.phone,
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          membershipFee: 1500,
          locationId: branches[l.branch],
          enquiryId: lead.id,
          acquisitionSource: l.source,
        }),
      );
    }
    for (const f of l.followUps ?? []) {
      await must(
        `${l.name}: follow-up`,
        call('POST', `${url}/follow-ups`, { kind: f.kind, dueAt: new Date(Date.now() + f.inHours * 3_600_000).toISOString(), note: f.note }),
      );
    }
  }
  log(`[seed] enquiries: ${LEADS.length} leads at every stage, referral reward ${REFERRAL_REWARD_DAYS} days`);
}
