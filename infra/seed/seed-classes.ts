// The demo chain's timetable, through the scheduling API as staff make it: class types, weekly series at both branches
// for the next four weeks (occurrences already past today are skipped by the service), and members booked into the next
// classes — one small class filled, with a member waiting, so occupancy and the waitlist show. Idempotent: nothing is
// added when the organization has class types already.
import { schedulingRoutes, type ClassCategory, type ClassSummary } from '@akhada/contracts';
import { apiCall, daysFromToday, must, todayInIndia } from './seed-api.ts';

interface DemoClassType {
  name: string;
  category: ClassCategory;
  description: string;
  durationMinutes: number;
  defaultCapacity: number;
  colour: string;
}

const TYPES: DemoClassType[] = [
  {
    name: 'Morning Yoga',
    category: 'yoga',
    description: 'Hatha flow and breathing for every level.',
    durationMinutes: 60,
    defaultCapacity: 20,
    colour: '#0f766e',
  },
  { name: 'Zumba', category: 'zumba', description: 'Latin and Bollywood dance cardio.', durationMinutes: 45, defaultCapacity: 3, colour: '#c026d3' },
  {
    name: 'HIIT Blast',
    category: 'hiit',
    description: 'Thirty minutes of intervals, then a stretch.',
    durationMinutes: 45,
    defaultCapacity: 16,
    colour: '#dc2626',
  },
  { name: 'Spin', category: 'spin', description: 'Indoor cycling to the beat.', durationMinutes: 50, defaultCapacity: 12, colour: '#2563eb' },
];

/** [type index, branch (0 Pune, 1 Bengaluru), weekdays (1 = Monday … 7 = Sunday), local start, trainer (index into the trainer ids), room]. */
const SERIES: [number, 0 | 1, number[], string, number, string][] = [
  [0, 0, [1, 3, 5], '07:00', 1, 'Studio 1'],
  [1, 0, [1, 2, 3, 4, 5, 6], '18:30', 0, 'Studio 2'],
  [2, 1, [1, 2, 3, 4, 5], '06:30', 2, 'Floor'],
  [3, 1, [6, 7], '08:00', 3, 'Spin room'],
];

export interface SeedClassesOptions {
  pune: string;
  blr: string;
  /** The trainers seed's ids, in DEMO_TRAINERS order. */
  trainerIds: string[];
  /** Member ids by email (the members seed). */
  members: Map<string, string>;
  log?: (s: string) => void;
}

const BOOKERS: [0 | 1, string[]][] = [
  [0, ['aarav.sharma@example.in', 'sneha.rao@example.in', 'isha.joshi@example.in', 'priya.patel@example.in']],
  [1, ['vihaan.kulkarni@example.in', 'pooja.iyer@example.in', 'sai.bose@example.in']],
];

export async function seedClasses(base: string, token: string, o: SeedClassesOptions): Promise<void> {
  const log = o.log ?? console.error;
  const call = apiCall(base, token);
  const existing = schedulingRoutes.listClassTypes.responses[200].parse(await must('class types', call('GET', '/scheduling/class-types'))).data;
  if (existing.length > 0) return;
  const typeIds: string[] = [];
  for (const t of TYPES) {
    const created = schedulingRoutes.createClassType.responses[201].parse(await must(`class type ${t.name}`, call('POST', '/scheduling/class-types', t)));
    typeIds.push(created.data.id);
  }
  const branches = [o.pune, o.blr];
  const from = todayInIndia();
  const until = daysFromToday(27);
  const upcoming: ClassSummary[][] = [[], []];
  for (const [type, branch, weekdays, startTime, trainer, room] of SERIES) {
    const body = { locationId: branches[branch], classTypeId: typeIds[type], weekdays, startTime, from, until, trainerId: o.trainerIds[trainer] ?? null, room };
    const series = schedulingRoutes.createSeries.responses[201].parse(await must(`series ${TYPES[type]!.name}`, call('POST', '/scheduling/series', body))).data;
    upcoming[branch]!.push(...series.classes.slice(0, 2));
  }
  // The branch's members book its next classes (staff book for them); the small Zumba class fills and one waits.
  let bookings = 0;
  for (const [branch, emails] of BOOKERS) {
    for (const cls of upcoming[branch]!) {
      for (const email of emails) {
        const memberId = o.members.get(email);
        if (!memberId) continue;
        const r = await call('POST', `/scheduling/classes/${cls.id}/bookings`, { memberId });
        if (r.status === 201 || r.status === 200) bookings += 1;
        else log(`[seed] ${email} not booked into ${cls.className}: ${String(r.json.message)}`);
      }
    }
  }
  log(`[seed] timetable: ${TYPES.length} class types, ${SERIES.length} weekly series over four weeks, ${bookings} bookings`);
}
