import { prepareQuery, type Executor } from '@akhada/kit';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DashboardDb } from './schema.ts';

/** Who searches: the caller's organization and locations (an empty list finds nothing). */
export interface SearchScope {
  orgId: string;
  locationIds: string[];
}

/** What is looked for: every pattern (`%word%`, escaped) must match; the nearest to `text` by trigram distance first. */
export interface SearchTerms {
  patterns: string[];
  text: string;
  limit: number;
}

/** The values of a prepared search: one `p<i>` per word, so the SQL text varies only with the number of words. */
type SearchValues = { orgId: string; locationIds: string[]; text: string; limit: number; amount: number } & Record<`p${number}`, string>;

const valuesOf = (scope: SearchScope, terms: SearchTerms, amount = 0): SearchValues => {
  const values: SearchValues = { orgId: scope.orgId, locationIds: scope.locationIds, text: terms.text, limit: terms.limit, amount };
  terms.patterns.forEach((p, i) => (values[`p${i}`] = p));
  return values;
};

const everyWord = <TB extends 'people' | 'payments'>(eb: ExpressionBuilder<DashboardDb, TB>, v: SearchValues, words: number) =>
  eb.and(Array.from({ length: words }, (_, i) => eb(sql<string>`search_text`, 'like', v[`p${i}`]!)));

/** Nearest first by trigram distance (1 − similarity): a GiST index scan hands over the best `limit` rows directly. */
const byDistance = (v: SearchValues) => sql`search_text operator(public.<->) ${v.text}`;

const buildPeopleQuery = (db: Executor<DashboardDb>, words: number) =>
  prepareQuery((v: SearchValues) =>
    db
      .selectFrom('people')
      .select(['id', 'kind', 'first_name', 'last_name', 'email', 'phone', 'location_id'])
      .where('org_id', '=', v.orgId)
      .where(sql<boolean>`location_id = any(${v.locationIds}::uuid[])`)
      .where('status', '!=', 'archived')
      .where((eb) => everyWord(eb, v, words))
      .orderBy(byDistance(v))
      .limit(v.limit),
  );

const buildPaymentsQuery = (db: Executor<DashboardDb>, words: number, byAmount: boolean) =>
  prepareQuery((v: SearchValues) =>
    db
      .selectFrom('payments')
      .select(['id', 'member_name', 'invoice_number', 'amount_paise', 'location_id'])
      .where('org_id', '=', v.orgId)
      .where(sql<boolean>`location_id = any(${v.locationIds}::uuid[])`)
      .where((eb) => (byAmount ? eb.or([everyWord(eb, v, words), eb('amount_paise', '=', v.amount)]) : everyWord(eb, v, words)))
      .orderBy(byDistance(v))
      .limit(v.limit),
  );

// Built once per shape: a search is at most 100 characters, so at most 50 words, and a payment search is by amount or
// not (≤ 150 shapes). Later searches skip kysely's builder, and PostgreSQL plans each shape once per connection.
const peopleQueries = new Map<number, ReturnType<typeof buildPeopleQuery>>();
const paymentsQueries = new Map<string, ReturnType<typeof buildPaymentsQuery>>();

/** Members and trainers of the scope, not archived, matching every word; the nearest first. */
export const findPeople = async (db: Executor<DashboardDb>, scope: SearchScope, terms: SearchTerms) => {
  const words = terms.patterns.length;
  let query = peopleQueries.get(words);
  if (!query) peopleQueries.set(words, (query = buildPeopleQuery(db, words)));
  return (await db.executeQuery(query(valuesOf(scope, terms)))).rows;
};

/** Payments of the scope matching every word, or of exactly `amountPaise` when given; the nearest first. */
export const findPayments = async (db: Executor<DashboardDb>, scope: SearchScope, terms: SearchTerms, amountPaise: number | null) => {
  const words = terms.patterns.length;
  const key = `${words}|${amountPaise !== null}`;
  let query = paymentsQueries.get(key);
  if (!query) paymentsQueries.set(key, (query = buildPaymentsQuery(db, words, amountPaise !== null)));
  return (await db.executeQuery(query(valuesOf(scope, terms, amountPaise ?? 0)))).rows;
};
