import {
  FeedbackEvents,
  topicOf,
  type SurveyAnalytics,
  type SurveyAudience,
  type SurveyBody,
  type SurveyListQuery,
  type SurveyQuestion,
  type SurveyRespondBody,
} from '@akhada/contracts';
import { AppError, enqueue, isStaff, isUniqueViolation, makeEnvelope, metadataOf, newId, notFound, type RequestContext } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { authorKeyOf, existingAuthorKeyOf } from '../db/author-keys.ts';
import type { FeedbackDb, MembersTable, SurveysTable } from '../db/schema.ts';
import { isOpenOn, toSurvey } from '../views/survey-view.ts';
import type { FeedbackDeps } from './deps.ts';
import { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit';

type Deps = Pick<FeedbackDeps, 'db' | 'clock' | 'directory'>;
type Db = Kysely<FeedbackDb> | Transaction<FeedbackDb>;
type Body = z.output<typeof SurveyBody>;

const todayFor = async (deps: Deps, locationId: string | undefined): Promise<string> =>
  dateIn((locationId ? (await deps.directory.location(locationId))?.timezone : undefined) ?? DEFAULT_TIME_ZONE, deps.clock());

const memberOf = (db: Db, ctx: RequestContext) =>
  ctx.role === 'member' ? db.selectFrom('members').selectAll().where('id', '=', ctx.userId).where('org_id', '=', ctx.orgId).executeTakeFirst() : undefined;

/** Whether a survey's audience takes in this person (members by location and membership type; others by location). */
export const inAudience = (audience: SurveyAudience, ctx: RequestContext, member: MembersTable | undefined): boolean => {
  if (audience.kind === 'all') return true;
  if (audience.kind === 'location') return member ? member.location_id === audience.locationId : ctx.locationIds.includes(audience.locationId);
  return !!member && member.membership_type === audience.membershipType;
};

const withIds = (questions: Body['questions']): SurveyQuestion[] => {
  const used = new Set<string>();
  return questions.map((q, i) => {
    let id = q.id ?? `q${i + 1}`;
    while (used.has(id)) id = `${id}_${i + 1}`;
    used.add(id);
    return { id, kind: q.kind, text: q.text, required: q.required, options: q.options };
  });
};

const checkAudience = (ctx: RequestContext, audience: SurveyAudience) => {
  if (audience.kind === 'location' && !ctx.locationIds.includes(audience.locationId)) throw notFound('Location');
};

const publish = async (trx: Transaction<FeedbackDb>, ctx: RequestContext, row: SurveysTable) =>
  enqueue(
    trx,
    topicOf('feedback'),
    makeEnvelope(FeedbackEvents.SurveyPublished, {
      ...metadataOf(ctx),
      aggregateId: row.id,
      occurredAt: new Date().toISOString(),
      data: { surveyId: row.id, title: row.title, audience: row.audience as SurveyAudience, startsOn: row.starts_on, endsOn: row.ends_on },
    }),
  );

const surveyInOrg = async (db: Db, ctx: RequestContext, id: string): Promise<SurveysTable> => {
  const row = await db
    .selectFrom('surveys')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Survey');
  return row;
};

export const createSurvey = async (deps: Deps, ctx: RequestContext, body: Body) => {
  checkAudience(ctx, body.audience);
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('surveys')
      .values({
        id: newId(),
        org_id: ctx.orgId,
        title: body.title,
        description: body.description,
        type: body.type,
        questions: JSON.stringify(withIds(body.questions)),
        audience: JSON.stringify(body.audience),
        starts_on: body.startsOn,
        ends_on: body.endsOn,
        is_anonymous: body.isAnonymous,
        is_active: body.isActive,
        total_responses: 0,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.is_active) await publish(trx, ctx, row);
    return toSurvey(row, await todayFor(deps, ctx.locationIds[0]), false);
  });
};

export const updateSurvey = async (deps: Deps, ctx: RequestContext, id: string, body: Body) => {
  checkAudience(ctx, body.audience);
  return deps.db.transaction().execute(async (trx) => {
    const before = await surveyInOrg(trx, ctx, id);
    const questions = withIds(body.questions);
    const canonical = (qs: SurveyQuestion[]) => JSON.stringify(qs.map((q) => [q.id, q.kind, q.text, q.required, q.options]));
    if (before.total_responses > 0 && canonical(questions) !== canonical(before.questions as SurveyQuestion[]))
      throw new AppError(409, 'SURVEY_HAS_RESPONSES', 'This survey has answers already; its questions can no longer change');
    const row = await trx
      .updateTable('surveys')
      .set({
        title: body.title,
        description: body.description,
        type: body.type,
        questions: JSON.stringify(questions),
        audience: JSON.stringify(body.audience),
        starts_on: body.startsOn,
        ends_on: body.endsOn,
        is_anonymous: before.total_responses > 0 ? before.is_anonymous : body.isAnonymous,
        is_active: body.isActive,
        updated_at: deps.clock(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.is_active && !before.is_active) await publish(trx, ctx, row);
    return toSurvey(row, await todayFor(deps, ctx.locationIds[0]), false);
  });
};

export const deleteSurvey = async (deps: Deps, ctx: RequestContext, id: string) => {
  await surveyInOrg(deps.db, ctx, id);
  await deps.db.updateTable('surveys').set({ archived_at: deps.clock(), is_active: false }).where('id', '=', id).execute();
};

const answeredSet = async (db: Db, ctx: RequestContext, ids: string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const key = await existingAuthorKeyOf(db, ctx.orgId, ctx.userId);
  if (!key) return new Set();
  const rows = await db.selectFrom('survey_responses').select('survey_id').where('respondent_key', '=', key).where('survey_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.survey_id));
};

/** Staff: every survey. Everyone else: the open surveys of their audience. */
export const listSurveys = async (deps: Deps, ctx: RequestContext, q: z.output<typeof SurveyListQuery>) => {
  let base = deps.db.selectFrom('surveys').selectAll().where('org_id', '=', ctx.orgId).where('archived_at', 'is', null);
  if (q.type) base = base.where('type', '=', q.type);
  const member = await memberOf(deps.db, ctx);
  const today = await todayFor(deps, member?.location_id ?? ctx.locationIds[0]);
  let rows: SurveysTable[];
  if (isStaff(ctx)) {
    if (q.isActive) base = base.where('is_active', '=', q.isActive === 'true');
    rows = await base.orderBy('created_at', 'desc').execute();
  } else {
    rows = (await base.where('is_active', '=', true).where('starts_on', '<=', today).where('ends_on', '>=', today).orderBy('ends_on').execute()).filter((r) =>
      inAudience(r.audience as SurveyAudience, ctx, member),
    );
  }
  const total = rows.length;
  const pageRows = rows.slice((q.page - 1) * q.limit, q.page * q.limit);
  const answered = await answeredSet(
    deps.db,
    ctx,
    pageRows.map((r) => r.id),
  );
  return {
    success: true as const,
    data: pageRows.map((r) => toSurvey(r, today, answered.has(r.id))),
    totalCount: total,
    pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
  };
};

/** A survey the caller may see: staff, any of the organization; others, an open one of their audience. */
const visibleSurvey = async (deps: Deps, ctx: RequestContext, id: string, db: Db = deps.db) => {
  const row = await surveyInOrg(db, ctx, id);
  const member = await memberOf(db, ctx);
  const today = await todayFor(deps, member?.location_id ?? ctx.locationIds[0]);
  if (!isStaff(ctx) && (!isOpenOn(row, today) || !inAudience(row.audience as SurveyAudience, ctx, member))) throw notFound('Survey');
  return { row, member, today };
};

export const getSurvey = async (deps: Deps, ctx: RequestContext, id: string) => {
  const { row, today } = await visibleSurvey(deps, ctx, id);
  return toSurvey(row, today, (await answeredSet(deps.db, ctx, [row.id])).has(row.id));
};

const invalidAnswer = (questionId: string, message: string) => new AppError(400, 'VALIDATION_FAILED', message, [{ path: `answers.${questionId}`, message }]);

/** Answers checked against the questions: required ones present, each of its kind, choices among the options. */
export const checkAnswers = (questions: SurveyQuestion[], answers: z.output<typeof SurveyRespondBody>['answers']) => {
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) throw invalidAnswer(id, 'This survey has no such question');
  const out: Record<string, number | string | string[]> = {};
  for (const q of questions) {
    const a = answers[q.id];
    const blank = a === undefined || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0);
    if (blank) {
      if (q.required) throw invalidAnswer(q.id, `Answer “${q.text}”`);
      continue;
    }
    if (q.kind === 'rating' && !(typeof a === 'number' && a >= 1 && a <= 5)) throw invalidAnswer(q.id, 'A rating is 1 to 5');
    if (q.kind === 'nps' && !(typeof a === 'number' && a >= 0 && a <= 10)) throw invalidAnswer(q.id, 'A score is 0 to 10');
    if (q.kind === 'text' && typeof a !== 'string') throw invalidAnswer(q.id, 'Write an answer');
    if (q.kind === 'single' && !(typeof a === 'string' && q.options.includes(a))) throw invalidAnswer(q.id, 'Choose one of the options');
    if (q.kind === 'multiple' && !(Array.isArray(a) && new Set(a).size === a.length && a.every((x) => q.options.includes(x))))
      throw invalidAnswer(q.id, 'Choose among the options');
    out[q.id] = typeof a === 'string' ? a.trim() : a;
  }
  return out;
};

export const respondToSurvey = async (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof SurveyRespondBody>): Promise<void> => {
  const { row } = await visibleSurvey(deps, ctx, id);
  const answers = checkAnswers(row.questions as SurveyQuestion[], body.answers);
  const now = deps.clock();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const key = await authorKeyOf(trx, ctx.orgId, ctx.userId);
      await trx
        .insertInto('survey_responses')
        .values({
          id: newId(),
          org_id: ctx.orgId,
          survey_id: id,
          respondent_key: key,
          member_id: row.is_anonymous ? null : ctx.userId,
          answers: JSON.stringify(answers),
          submitted_at: now,
        })
        .execute();
      const updated = await trx
        .updateTable('surveys')
        .set({ total_responses: sql`total_responses + 1` })
        .where('id', '=', id)
        .returning('total_responses')
        .executeTakeFirstOrThrow();
      const meta = metadataOf(ctx);
      if (row.is_anonymous) delete meta.actorId;
      await enqueue(
        trx,
        topicOf('feedback'),
        makeEnvelope(FeedbackEvents.SurveyAnswered, {
          ...meta,
          aggregateId: id,
          occurredAt: now.toISOString(),
          data: { surveyId: id, memberId: row.is_anonymous ? null : ctx.userId, totalResponses: updated.total_responses, answeredAt: now.toISOString() },
        }),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'survey_responses_once')) throw new AppError(409, 'SURVEY_ALREADY_ANSWERED', 'You have already answered this survey');
    throw err;
  }
};

export const surveyResponses = async (deps: Deps, ctx: RequestContext, id: string, q: { page: number; limit: number }) => {
  const survey = await surveyInOrg(deps.db, ctx, id);
  const base = deps.db.selectFrom('survey_responses').where('survey_responses.survey_id', '=', id).where('survey_responses.org_id', '=', ctx.orgId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .leftJoin('members', 'members.id', 'survey_responses.member_id')
    .select([
      'survey_responses.id',
      'survey_responses.member_id',
      'survey_responses.answers',
      'survey_responses.submitted_at',
      'members.first_name',
      'members.last_name',
    ])
    .orderBy('survey_responses.submitted_at', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    success: true as const,
    data: rows.map((r) => ({
      _id: r.id,
      member: survey.is_anonymous || !r.member_id ? null : { _id: r.member_id, firstName: r.first_name ?? 'Member', lastName: r.last_name ?? '' },
      answers: r.answers as Record<string, number | string | string[]>,
      submittedAt: r.submitted_at.toISOString(),
    })),
    totalCount: total,
    pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
  };
};

/** NPS of 0–10 scores: % promoters (9–10) minus % detractors (0–6). */
export const npsOf = (scores: number[]) => {
  const promoters = scores.filter((s) => s >= 9).length;
  const detractors = scores.filter((s) => s <= 6).length;
  const passives = scores.length - promoters - detractors;
  return { score: scores.length ? Math.round(((promoters - detractors) / scores.length) * 1000) / 10 : 0, promoters, passives, detractors };
};

export const surveyAnalytics = async (deps: Deps, ctx: RequestContext, id: string): Promise<SurveyAnalytics> => {
  const row = await surveyInOrg(deps.db, ctx, id);
  const answers = (
    await deps.db.selectFrom('survey_responses').select(['answers', 'submitted_at']).where('survey_id', '=', id).orderBy('submitted_at', 'desc').execute()
  ).map((r) => r.answers as Record<string, unknown>);
  const audience = row.audience as SurveyAudience;
  let members = deps.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', ctx.orgId)
    .where('status', 'not in', ['archived', 'cancelled']);
  if (audience.kind === 'location') members = members.where('location_id', '=', audience.locationId);
  if (audience.kind === 'group') members = members.where('membership_type', '=', audience.membershipType);
  const audienceSize = Number((await members.executeTakeFirstOrThrow()).n);
  const questions = (row.questions as SurveyQuestion[]).map((q) => {
    const given = answers.map((a) => a[q.id]).filter((a) => a !== undefined && a !== null && a !== '');
    const numbers = given.filter((a): a is number => typeof a === 'number');
    const avg = numbers.length ? Math.round((numbers.reduce((x, y) => x + y, 0) / numbers.length) * 100) / 100 : null;
    const count = (label: string, test: (a: unknown) => boolean) => ({ label, count: given.filter(test).length });
    const distribution =
      q.kind === 'rating'
        ? [1, 2, 3, 4, 5].map((n) => count(String(n), (a) => a === n))
        : q.kind === 'nps'
          ? Array.from({ length: 11 }, (_, n) => count(String(n), (a) => a === n))
          : q.kind === 'single'
            ? q.options.map((o) => count(o, (a) => a === o))
            : q.kind === 'multiple'
              ? q.options.map((o) => count(o, (a) => Array.isArray(a) && a.includes(o)))
              : [];
    return {
      questionId: q.id,
      kind: q.kind,
      text: q.text,
      answered: given.length,
      average: q.kind === 'rating' || q.kind === 'nps' ? avg : null,
      distribution,
      nps: q.kind === 'nps' ? npsOf(numbers) : null,
      samples: q.kind === 'text' ? given.filter((a): a is string => typeof a === 'string').slice(0, 20) : [],
    };
  });
  return { survey: toSurvey(row, await todayFor(deps, ctx.locationIds[0]), false), totalResponses: row.total_responses, audienceSize, questions };
};
