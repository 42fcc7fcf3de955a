import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersTable } from '../src/db/schema.ts';
import { bootMembersOffline } from './setup.ts';

// Organization A (two locations, 2,500 members: more than two export pages) and B (one location, 7 members).
const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();

let env: Awaited<ReturnType<typeof bootMembersOffline>>;
let token: Record<'ownerA' | 'adminL1' | 'trainerA' | 'memberA' | 'adminB', string>;
const idsA: string[] = [];
const idsB: string[] = [];
let memberAId: string;

const row = (orgId: string, locationId: string, n: number): MembersTable => ({
  id: randomUUID(),
  org_id: orgId,
  location_id: locationId,
  first_name: `First${n}`,
  last_name: n % 7 === 0 ? '=HYPERLINK("x")' : `Last, "${n}"`,
  email: `m${n}.${orgId.slice(0, 8)}@example.in`,
  phone: `+9198${String(n).padStart(8, '0')}`,
  membership_type: 'basic',
  membership_status: 'active',
  payment_frequency: 'monthly',
  fee_paise: 150000,
  start_date: '2025-03-01',
  end_date: '2025-03-31',
  date_of_birth: null,
  gender: null,
  registered_at: new Date('2025-03-01T05:00:00Z'),
  version: 1,
  frozen_from: null,
  account_status: 'active',
  joined_with_code: false,
  trainer_id: null,
  payment_method: 'cash',
  archived_at: null,
  avatar_url: null,
  last_check_in: null,
  total_workouts: 0,
  acquisition_source: null,
  enquiry_id: null,
});

/** Parses the CSV export (BOM, quoted cells with commas, quotes and the formula guard). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let cell = '';
  let cells: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      cells.push(cell.replace(/\r$/, ''));
      rows.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  return rows;
};

beforeAll(async () => {
  // No event is published here: only the database (the harness's clock stands at 2025-03-11T00:30:00Z).
  env = await bootMembersOffline('members_export');
  const rowsA = Array.from({ length: 2500 }, (_, i) => row(orgA, i % 2 ? L1 : L2, i));
  const rowsB = Array.from({ length: 7 }, (_, i) => row(orgB, LB, i));
  for (let i = 0; i < rowsA.length; i += 500)
    await env.db
      .insertInto('members')
      .values(rowsA.slice(i, i + 500))
      .execute();
  await env.db.insertInto('members').values(rowsB).execute();
  idsA.push(...rowsA.map((r) => r.id));
  idsB.push(...rowsB.map((r) => r.id));
  memberAId = rowsA[3]!.id;
  token = {
    ownerA: await env.sign(orgA, 'owner', [L1, L2]),
    adminL1: await env.sign(orgA, 'admin', [L1]),
    trainerA: await env.sign(orgA, 'trainer', [L1]),
    memberA: await env.sign(orgA, 'member', [L1], memberAId),
    adminB: await env.sign(orgB, 'admin', [LB]),
  };
}, 60_000);

afterAll(async () => env?.close());

const get = (who: keyof typeof token, url: string) => env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token[who]}` } });

describe('GET /members/export', () => {
  it('gives the owner exactly the organization’s members as CSV, every row once, cells quoted and formulas guarded', async () => {
    const res = await get('ownerA', '/members/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="members.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header!.slice(0, 5)).toEqual(['id', 'firstName', 'lastName', 'email', 'phone']);
    const ids = rows.map((r) => r[0]);
    expect(ids.length).toBe(2500);
    expect(new Set(ids)).toEqual(new Set(idsA));
    for (const id of idsB) expect(ids).not.toContain(id);
    expect(rows.some((r) => r[2] === 'Last, "1"')).toBe(true);
    expect(rows.some((r) => r[2] === `'=HYPERLINK("x")`)).toBe(true);
  });

  it('gives JSON too, and an admin only the locations they run; the other organization sees only its own', async () => {
    const res = await get('adminL1', '/members/export?format=json');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; locationId: string }[];
    expect(list.length).toBe(1250);
    expect(list.every((m) => m.locationId === L1)).toBe(true);
    const b = (await get('adminB', '/members/export?format=json')).json() as { id: string }[];
    expect(new Set(b.map((m) => m.id))).toEqual(new Set(idsB));
  });

  it('gives a member their own profile only; a trainer nothing; bad format is a 400', async () => {
    const mine = (await get('memberA', '/members/export?format=json')).json() as { id: string; email: string }[];
    expect(mine.map((m) => m.id)).toEqual([memberAId]);
    expect((await get('trainerA', '/members/export')).statusCode).toBe(403);
    expect((await get('ownerA', '/members/export?format=xml')).statusCode).toBe(400);
  });
});
