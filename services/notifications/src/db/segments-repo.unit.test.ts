import { LeadSegment, MemberSegment } from '@akhada/contracts';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NotificationsDb } from './schema.ts';
import { leadConditions, memberConditions, segmentQuery } from './segments-repo.ts';

// Compiles only: no database is reached.
const db = new Kysely<NotificationsDb>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const now = new Date('2026-06-10T06:30:00Z');
const compile = (q: { compile(e: Kysely<NotificationsDb>): { sql: string; parameters: readonly unknown[] } }) => q.compile(db);
const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('the segment compiler', () => {
  it('an empty member segment keeps only the archived members out', () => {
    const { sql, parameters } = compile(memberConditions(MemberSegment.parse({ audience: 'members' }), now));
    expect(squash(sql)).toBe("(m.status <> 'archived')");
    expect(parameters).toEqual([]);
  });

  it('each criterion narrows (AND), a list matches any value (one parameter array), nothing is spliced in as text', () => {
    const s = MemberSegment.parse({
      audience: 'members',
      statuses: ['active', 'frozen'],
      planIds: ["premium'; drop table x; --"],
      expiringWithinDays: 7,
      noVisitInDays: 14,
      genders: ['female'],
      ageBands: ['18_24', '55_plus'],
      birthdayThisWeek: true,
    });
    const { sql, parameters } = compile(memberConditions(s, now));
    const text = squash(sql);
    expect(text).toContain('m.status = any($1::text[])');
    expect(text).toContain('m.plan_id = any($2::text[])');
    expect(text).toContain('m.end_date between t.today and t.today + $3::int');
    expect(text).toContain('m.last_visit_at is null or m.last_visit_at < $4::timestamptz - make_interval(days => $5::int)');
    expect(text).toContain('extract(isodow from t.today)');
    expect(text).toContain('m.gender = any($6::text[])');
    expect(text).toMatch(
      /date_part\('year', age\(t\.today, m\.date_of_birth\)\) between \$7 and \$8 or date_part\('year', age\(t\.today, m\.date_of_birth\)\) >= \$9/,
    );
    expect(text.split(' and ').length).toBeGreaterThanOrEqual(7);
    expect(text).not.toContain('drop table');
    expect(parameters).toEqual([['active', 'frozen'], ["premium'; drop table x; --"], 7, now, 14, ['female'], 18, 24, 55]);
  });

  it('expired within N days is from today − N to yesterday', () => {
    const { sql, parameters } = compile(memberConditions(MemberSegment.parse({ audience: 'members', expiredWithinDays: 30 }), now));
    expect(squash(sql)).toContain('m.end_date between t.today - $1::int and t.today - 1');
    expect(parameters).toEqual([30]);
  });

  it('a lead segment filters by location, stage and source; an empty one by nothing', () => {
    expect(compile(leadConditions(LeadSegment.parse({ audience: 'leads' }))).sql).toBe('true');
    const { sql, parameters } = compile(leadConditions(LeadSegment.parse({ audience: 'leads', stages: ['new'], sources: ['instagram', 'google'] })));
    expect(squash(sql)).toBe('(lc.stage = any($1::text[]) and lc.source = any($2::text[]))');
    expect(parameters).toEqual([['new'], ['instagram', 'google']]);
  });

  it('the whole query is scoped to the organization and, for an admin, their locations; consent is read for the channel', () => {
    const q = compile(segmentQuery(MemberSegment.parse({ audience: 'members' }), { orgId: 'org-1', locationIds: ['loc-1'] }, 'email', now));
    const text = squash(q.sql);
    expect(text).toContain('from member_copies m');
    expect(text).toMatch(/m\.org_id = \$\d+::uuid and m\.location_id = any\(\$\d+::uuid\[\]\)/);
    expect(q.parameters).toContain('org-1');
    expect(q.parameters).toContainEqual(['loc-1']);
    expect(q.parameters).toContain('email');
    const owner = squash(compile(segmentQuery(LeadSegment.parse({ audience: 'leads' }), { orgId: 'org-1', locationIds: null }, 'sms', now)).sql);
    expect(owner).toContain('from lead_copies lc');
    expect(owner).not.toContain('lc.location_id = any');
  });
});
