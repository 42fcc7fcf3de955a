import { feedbackRoutes as r } from '@akhada/contracts';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootFeedback } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ids = {
  asha: randomUUID(),
  vikram: randomUUID(),
  premium: randomUUID(),
  l2member: randomUUID(),
  trainer: randomUUID(),
  trainer2: randomUUID(),
  owner: randomUUID(),
  admin: randomUUID(),
  adminL2: randomUUID(),
  adminB: randomUUID(),
};

let t: Awaited<ReturnType<typeof bootFeedback>>;
let tok: Record<'owner' | 'admin' | 'adminL2' | 'asha' | 'vikram' | 'premium' | 'l2member' | 'trainer' | 'adminB', string>;

beforeAll(async () => {
  t = await bootFeedback('feedback');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.trainer(ids.trainer, orgA, L1, 'Ravi');
  await t.trainer(ids.trainer2, orgA, L1, 'Meera');
  await t.member(ids.asha, orgA, L1, { firstName: 'Asha', trainerId: ids.trainer });
  await t.member(ids.vikram, orgA, L1, { firstName: 'Vikram' });
  await t.member(ids.premium, orgA, L1, { firstName: 'Pooja', membershipType: 'premium' });
  await t.member(ids.l2member, orgA, L2, { firstName: 'Lata' });
  await t.staff(ids.admin, orgA, 'Priya');
  tok = {
    owner: await t.sign(orgA, 'owner', [L1, L2], ids.owner, 'Omkar Owner'),
    admin: await t.sign(orgA, 'admin', [L1], ids.admin, 'Priya Shah'),
    adminL2: await t.sign(orgA, 'admin', [L2], ids.adminL2),
    asha: await t.sign(orgA, 'member', [L1], ids.asha, 'Asha Rao'),
    vikram: await t.sign(orgA, 'member', [L1], ids.vikram, 'Vikram Rao'),
    premium: await t.sign(orgA, 'member', [L1], ids.premium, 'Pooja Rao'),
    l2member: await t.sign(orgA, 'member', [L2], ids.l2member, 'Lata Rao'),
    trainer: await t.sign(orgA, 'trainer', [L1], ids.trainer, 'Ravi Kumar'),
    adminB: await t.sign(orgB, 'admin', [LB], ids.adminB),
  };
}, 120_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const complaint = {
  type: 'complaint',
  rating: { overall: 2 },
  title: 'Treadmill broken',
  description: 'The second treadmill stops after a minute.',
  complaintCategory: 'equipment',
  priority: 'high',
  emoji: '😞',
  tags: ['cardio'],
};

describe('submitting and reading tickets', () => {
  let ticketId: string;

  it('a member submits a complaint: open, with category and priority, named for staff', async () => {
    const res = await call('POST', '/feedback', tok.asha, complaint);
    expect(res.statusCode).toBe(201);
    const body = r.submit.responses[201].parse(res.json());
    expect(body.message).toBe('Feedback submitted successfully!');
    expect(body.data).toMatchObject({ status: 'open', complaintCategory: 'equipment', priority: 'high', isMine: true, locationId: L1 });
    expect(body.data.member).toMatchObject({ _id: ids.asha, firstName: 'Asha' });
    ticketId = body.data._id;
  });

  it('general feedback defaults to rating 5 and carries no complaint fields; complaint fields on it are refused', async () => {
    const res = await call('POST', '/feedback', tok.asha, { title: 'Great place', description: 'Love the morning batch' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'general', rating: { overall: 5 }, complaintCategory: null, priority: null });
    expect((await call('POST', '/feedback', tok.asha, { title: 'x', description: 'y', priority: 'high' })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const bad of [
      { title: '   ', description: 'x' },
      { title: 'x', description: '' },
      { title: 'x', description: 'y', rating: { overall: 6 } },
      { title: 'x', description: 'y', rating: { overall: 0 } },
      { title: 'x', description: 'y', type: 'nonsense' },
      { title: 'x', description: 'y', emoji: '🐍' },
      { title: 'a\u0000b', description: 'y' },
    ]) {
      const res = await call('POST', '/feedback', tok.asha, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const after = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a member sees only their own tickets; another member gets 404 for it', async () => {
    const mine = r.my.responses[200].parse((await call('GET', '/feedback/my', tok.asha)).json());
    expect(mine.data.map((f) => f._id)).toContain(ticketId);
    const theirs = r.my.responses[200].parse((await call('GET', '/feedback/my', tok.vikram)).json());
    expect(theirs.data).toEqual([]);
    expect((await call('GET', `/feedback/${ticketId}`, tok.vikram)).statusCode).toBe(404);
    expect((await call('GET', `/feedback/${ticketId}`, tok.asha)).statusCode).toBe(200);
    expect((await call('GET', '/feedback', tok.asha)).statusCode).toBe(403);
  });

  it('staff of another gym, or of another location, get 404 for the ticket and do not see it listed', async () => {
    for (const [method, url, body] of [
      ['GET', `/feedback/${ticketId}`, undefined],
      ['PUT', `/feedback/${ticketId}/status`, { status: 'resolved' }],
      ['POST', `/feedback/${ticketId}/respond`, { message: 'hi' }],
      ['POST', `/feedback/${ticketId}/assign`, { assigneeId: null }],
      ['DELETE', `/feedback/${ticketId}`, undefined],
    ] as const) {
      expect((await call(method, url, tok.adminB, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, tok.adminL2, body)).statusCode, `${method} ${url} L2`).toBe(404);
    }
    expect(r.list.responses[200].parse((await call('GET', '/feedback', tok.adminB)).json()).data).toEqual([]);
    expect(r.list.responses[200].parse((await call('GET', '/feedback', tok.adminL2)).json()).data).toEqual([]);
  });

  it('staff list with filters and paging', async () => {
    const all = r.list.responses[200].parse((await call('GET', '/feedback?limit=1', tok.admin)).json());
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    expect(all.data).toHaveLength(1);
    expect(all.pagination.totalPages).toBe(all.totalCount);
    const complaints = r.list.responses[200].parse((await call('GET', '/feedback?type=complaint&priority=high&status=open', tok.admin)).json());
    expect(complaints.data.map((f) => f._id)).toEqual([ticketId]);
    const byRating = r.list.responses[200].parse((await call('GET', '/feedback?rating=5', tok.admin)).json());
    expect(byRating.data.every((f) => f.rating.overall === 5)).toBe(true);
    expect((await call('GET', '/feedback?rating=9', tok.admin)).statusCode).toBe(400);
    expect((await call('GET', '/feedback?from=9999-01-01', tok.admin)).statusCode).toBe(400);
  });

  it('admin assigns, responds and resolves; the member sees the response; a member cannot resolve', async () => {
    expect((await call('PUT', `/feedback/${ticketId}/status`, tok.asha, { status: 'resolved' })).statusCode).toBe(403);
    expect((await call('POST', `/feedback/${ticketId}/respond`, tok.asha, { message: 'x' })).statusCode).toBe(403);
    const assigned = await call('POST', `/feedback/${ticketId}/assign`, tok.admin, { assigneeId: ids.admin });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.assignedTo).toMatchObject({ _id: ids.admin, firstName: 'Priya' });
    expect((await call('POST', `/feedback/${ticketId}/assign`, tok.admin, { assigneeId: randomUUID() })).statusCode).toBe(404);
    const responded = await call('POST', `/feedback/${ticketId}/respond`, tok.admin, { message: 'Fixed the belt today', status: 'resolved' });
    expect(responded.statusCode).toBe(200);
    expect(responded.json().data).toMatchObject({
      status: 'resolved',
      adminResponse: { message: 'Fixed the belt today', respondedBy: { firstName: 'Priya', lastName: 'Shah' } },
    });
    const mine = r.my.responses[200].parse((await call('GET', '/feedback/my?status=resolved', tok.asha)).json());
    expect(mine.data[0]?.adminResponse?.message).toBe('Fixed the belt today');
    expect(mine.data[0]?.reopenableUntil).not.toBeNull();
    expect((await call('PUT', `/feedback/${ticketId}/status`, tok.admin, { status: 'open' })).json().code).toBe('FEEDBACK_INVALID_TRANSITION');
  });

  it('the author reopens within 7 days, not after', async () => {
    const reopened = await call('PUT', `/feedback/${ticketId}/status`, tok.asha, { status: 'open' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.status).toBe('open');
    await call('PUT', `/feedback/${ticketId}/status`, tok.admin, { status: 'closed' });
    t.time.now += 8 * 86_400_000;
    const late = await call('PUT', `/feedback/${ticketId}/status`, tok.asha, { status: 'open' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('FEEDBACK_REOPEN_EXPIRED');
    t.time.now -= 8 * 86_400_000;
  });

  it('publishes the complaint and the response with what notifications need', async () => {
    const rows = await t.db.selectFrom('outbox').select(['payload']).where('key', '=', ticketId).orderBy('id').execute();
    const types = rows.map((x) => (x.payload as { type: string }).type);
    expect(types).toContain('feedback.feedback_submitted');
    expect(types).toContain('feedback.feedback_responded');
    const submitted = rows.map((x) => x.payload as { type: string; data: Record<string, unknown> }).find((p) => p.type === 'feedback.feedback_submitted')!;
    expect(submitted.data).toMatchObject({ locationId: L1, priority: 'high', memberId: ids.asha, type: 'complaint' });
    const responded = rows.map((x) => x.payload as { type: string; data: Record<string, unknown> }).find((p) => p.type === 'feedback.feedback_responded')!;
    expect(responded.data).toMatchObject({ recipientId: ids.asha });
  });

  it('archives (staff): gone from lists and 404 after', async () => {
    const res = await call('POST', '/feedback', tok.vikram, { title: 'Spam', description: 'test' });
    const id = res.json().data._id as string;
    expect((await call('DELETE', `/feedback/${id}`, tok.vikram)).statusCode).toBe(403);
    expect((await call('DELETE', `/feedback/${id}`, tok.admin)).statusCode).toBe(200);
    expect((await call('GET', `/feedback/${id}`, tok.admin)).statusCode).toBe(404);
    expect((await call('GET', `/feedback/${id}`, tok.vikram)).statusCode).toBe(404);
  });
});

describe('anonymous tickets', () => {
  it('name their author in no response, list, stored row, stored event or published event; the author still sees it as theirs', async () => {
    const res = await call('POST', '/feedback', tok.vikram, { ...complaint, title: 'Rude staff at the desk', isAnonymous: true });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    expect(res.json().data.member).toBeNull();
    await call('POST', `/feedback/${id}/respond`, tok.admin, { message: 'We are sorry; spoken to the team', status: 'resolved' });
    await call('PUT', `/feedback/${id}/status`, tok.vikram, { status: 'open' });
    const texts = [
      (await call('GET', `/feedback/${id}`, tok.admin)).body,
      (await call('GET', '/feedback?limit=100', tok.owner)).body,
      (await call('GET', '/feedback/analytics', tok.owner)).body,
      (await call('GET', '/feedback/export?format=csv', tok.owner)).body,
      (await call('GET', '/feedback/export?format=json', tok.owner)).body,
      JSON.stringify(await t.db.selectFrom('feedback').selectAll().where('id', '=', id).execute()),
      JSON.stringify(
        (await sql<{ data: unknown; metadata: unknown }>`select data, metadata from events where stream_id = ${`feedback-${id}`}`.execute(t.db)).rows,
      ),
      JSON.stringify(await t.db.selectFrom('outbox').select('payload').where('key', '=', id).execute()),
    ];
    for (const text of texts) {
      expect(text).not.toContain(ids.vikram);
      expect(text).not.toContain('Vikram');
    }
    const mine = r.my.responses[200].parse((await call('GET', '/feedback/my', tok.vikram)).json());
    const own = mine.data.find((f) => f._id === id)!;
    expect(own).toMatchObject({ isMine: true, member: null, status: 'open' });
    expect(own.adminResponse?.message).toContain('sorry');
    expect((await call('GET', `/feedback/${id}`, tok.vikram)).statusCode).toBe(200);
    expect((await call('GET', `/feedback/${id}`, tok.asha)).statusCode).toBe(404);
    // Exports: the staff's has the ticket without its author; the author's own has it; another member's and another gym's do not.
    const staffExport = (await call('GET', '/feedback/export?format=json', tok.owner)).json() as {
      id: string;
      authorId: string | null;
      authorName: string | null;
    }[];
    expect(staffExport.find((f) => f.id === id)).toMatchObject({ authorId: null, authorName: null });
    const ownExport = (await call('GET', '/feedback/export?format=json', tok.vikram)).json() as { id: string }[];
    expect(ownExport.map((f) => f.id)).toContain(id);
    expect((await call('GET', '/feedback/export?format=csv', tok.asha)).body).not.toContain(id);
    expect((await call('GET', '/feedback/export?format=csv', tok.adminB)).body).not.toContain(id);
    expect((await call('GET', '/feedback/export', tok.trainer)).statusCode).toBe(403);
  });

  it('count towards the per-person rate limit (429), and nothing is written then', async () => {
    const person = await t.sign(orgA, 'member', [L1], ids.premium, 'Pooja Rao');
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await call('POST', '/feedback', person, { title: `Note ${i}`, description: 'x', isAnonymous: i % 2 === 0 })).statusCode;
    expect(last).toBe(429);
  });
});

describe('trainer feedback and analytics', () => {
  it('names the trainer (the member’s own by default), publishes the trainer’s rating, and shows up in scorecards', async () => {
    const a = await call('POST', '/feedback', tok.asha, {
      type: 'trainer',
      rating: { overall: 4 },
      title: 'Good coach',
      description: 'Ravi explains every exercise patiently',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().data.trainer).toMatchObject({ _id: ids.trainer, firstName: 'Ravi' });
    await call('POST', '/feedback', tok.l2member, {
      type: 'trainer',
      trainerId: ids.trainer,
      rating: { overall: 2 },
      title: 'Late',
      description: 'Ravi came late twice',
      isAnonymous: true,
    });
    expect((await call('POST', '/feedback', tok.vikram, { type: 'trainer', title: 'x', description: 'y' })).statusCode).toBe(400);
    expect((await call('POST', '/feedback', tok.vikram, { type: 'trainer', trainerId: randomUUID(), title: 'x', description: 'y' })).statusCode).toBe(404);
    const ratings = await t.db.selectFrom('outbox').select('payload').where('key', '=', ids.trainer).orderBy('id').execute();
    const last = ratings.at(-1)!.payload as { type: string; data: { average: number; count: number } };
    expect(last.type).toBe('feedback.trainer_rating_changed');
    expect(last.data).toMatchObject({ average: 3, count: 2 });

    const res = await call('GET', '/feedback/analytics', tok.owner);
    expect(res.statusCode).toBe(200);
    const data = r.analytics.responses[200].parse(res.json()).data;
    expect(data.period).toBe('30d');
    expect(data.trend).toHaveLength(30);
    const card = data.trainerScorecards.find((s) => s.trainer._id === ids.trainer)!;
    expect(card).toMatchObject({ average: 3, count: 2, distribution: [0, 1, 0, 1, 0] });
    expect(data.byType.find((b) => b.type === 'trainer')?.count).toBe(2);
    expect(data.wordFrequencies.map((w) => w.word)).toContain('ravi');
    expect(data.openComplaintsByAge.reduce((n, b) => n + b.low + b.medium + b.high + b.urgent, 0)).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/feedback/analytics?period=2d', tok.owner)).statusCode).toBe(400);
    expect((await call('GET', '/feedback/analytics', tok.asha)).statusCode).toBe(403);
    const other = r.analytics.responses[200].parse((await call('GET', '/feedback/analytics', tok.adminB)).json()).data;
    expect(other.total).toBe(0);
    // Reads write nothing: gym B has only read, so it has no author secret yet.
    for (const url of ['/feedback/my', '/feedback/surveys', '/feedback?limit=5', '/feedback/assignees'])
      expect((await call('GET', url, tok.adminB)).statusCode).toBe(200);
    expect(await t.db.selectFrom('author_secrets').selectAll().where('org_id', '=', orgB).execute()).toEqual([]);
  });
});

describe('surveys', () => {
  let surveyId: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const survey = {
    title: 'How are we doing?',
    questions: [
      { kind: 'rating', text: 'Overall' },
      { kind: 'nps', text: 'Would you recommend us?' },
      { kind: 'single', text: 'Best time', options: ['Morning', 'Evening'] },
      { kind: 'multiple', text: 'What do you use?', options: ['Weights', 'Cardio', 'Classes'] },
      { kind: 'text', text: 'Anything else?', required: false },
    ],
    audience: { kind: 'location', locationId: L1 },
    startsOn: day(-1),
    endsOn: day(1),
    isActive: true,
  };
  const answers = { q1: 4, q2: 9, q3: 'Morning', q4: ['Weights', 'Cardio'], q5: 'More mats please' };

  it('staff build a survey; members of its audience see it, others do not', async () => {
    expect((await call('POST', '/feedback/surveys', tok.asha, survey)).statusCode).toBe(403);
    expect((await call('POST', '/feedback/surveys', tok.admin, { ...survey, questions: [{ kind: 'single', text: 'x', options: ['one'] }] })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/feedback/surveys', tok.admin, { ...survey, audience: { kind: 'location', locationId: LB } })).statusCode).toBe(404);
    const res = await call('POST', '/feedback/surveys', tok.admin, survey);
    expect(res.statusCode).toBe(201);
    surveyId = r.createSurvey.responses[201].parse(res.json()).data._id;
    const seen = r.listSurveys.responses[200].parse((await call('GET', '/feedback/surveys', tok.asha)).json());
    expect(seen.data.map((s) => s._id)).toContain(surveyId);
    const unseen = r.listSurveys.responses[200].parse((await call('GET', '/feedback/surveys', tok.l2member)).json());
    expect(unseen.data.map((s) => s._id)).not.toContain(surveyId);
    expect((await call('GET', `/feedback/surveys/${surveyId}`, tok.l2member)).statusCode).toBe(404);
    expect((await call('GET', `/feedback/surveys/${surveyId}`, tok.adminB)).statusCode).toBe(404);
  });

  it('a member answers once; outside the audience or with bad answers is refused', async () => {
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.asha, { answers: { ...answers, q1: 7 } })).statusCode).toBe(400);
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.asha, { answers: { ...answers, q3: 'Night' } })).statusCode).toBe(400);
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.asha, { answers: { q5: 'only text' } })).statusCode).toBe(400);
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.asha, { answers })).statusCode).toBe(201);
    const twice = await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.asha, { answers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SURVEY_ALREADY_ANSWERED');
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.l2member, { answers })).statusCode).toBe(404);
    expect((await call('POST', `/feedback/surveys/${surveyId}/respond`, tok.vikram, { answers: { ...answers, q2: 3 } })).statusCode).toBe(201);
    const listed = r.listSurveys.responses[200].parse((await call('GET', '/feedback/surveys', tok.asha)).json());
    expect(listed.data.find((s) => s._id === surveyId)?.hasResponded).toBe(true);
  });

  it('results per question with NPS; responses name members; questions are fixed once answered', async () => {
    const res = await call('GET', `/feedback/surveys/${surveyId}/analytics`, tok.admin);
    const data = r.surveyAnalytics.responses[200].parse(res.json()).data;
    expect(data.totalResponses).toBe(2);
    const nps = data.questions.find((q) => q.kind === 'nps')!;
    expect(nps.nps).toEqual({ score: 0, promoters: 1, passives: 0, detractors: 1 });
    expect(data.questions.find((q) => q.kind === 'multiple')!.distribution).toEqual([
      { label: 'Weights', count: 2 },
      { label: 'Cardio', count: 2 },
      { label: 'Classes', count: 0 },
    ]);
    const responses = r.surveyResponses.responses[200].parse((await call('GET', `/feedback/surveys/${surveyId}/responses`, tok.admin)).json());
    expect(responses.data.map((x) => x.member?.firstName).sort()).toEqual(['Asha', 'Vikram']);
    expect((await call('GET', `/feedback/surveys/${surveyId}/responses`, tok.asha)).statusCode).toBe(403);
    const edit = await call('PUT', `/feedback/surveys/${surveyId}`, tok.admin, { ...survey, questions: survey.questions.slice(0, 2) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('SURVEY_HAS_RESPONSES');
    expect((await call('PUT', `/feedback/surveys/${surveyId}`, tok.admin, { ...survey, title: 'Renamed' })).json().data.title).toBe('Renamed');
  });

  it('an anonymous survey for a group stores no author', async () => {
    const res = await call('POST', '/feedback/surveys', tok.owner, { ...survey, audience: { kind: 'group', membershipType: 'premium' }, isAnonymous: true });
    const id = res.json().data._id as string;
    expect((await call('POST', `/feedback/surveys/${id}/respond`, tok.asha, { answers })).statusCode).toBe(404);
    expect((await call('POST', `/feedback/surveys/${id}/respond`, tok.premium, { answers })).statusCode).toBe(201);
    const stored = await t.db.selectFrom('survey_responses').selectAll().where('survey_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.member_id).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(ids.premium);
    const responses = r.surveyResponses.responses[200].parse((await call('GET', `/feedback/surveys/${id}/responses`, tok.owner)).json());
    expect(responses.data[0]!.member).toBeNull();
    const published = await t.db.selectFrom('outbox').select('payload').where('key', '=', id).execute();
    expect(JSON.stringify(published)).not.toContain(ids.premium);
  });

  it('deleting a survey hides it', async () => {
    expect((await call('DELETE', `/feedback/surveys/${surveyId}`, tok.adminB)).statusCode).toBe(404);
    expect((await call('DELETE', `/feedback/surveys/${surveyId}`, tok.admin)).statusCode).toBe(200);
    expect((await call('GET', `/feedback/surveys/${surveyId}`, tok.admin)).statusCode).toBe(404);
  });
});
