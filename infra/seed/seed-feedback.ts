// The demo chain's feedback and a finished survey, seeded through the public API as the people who would write them:
// members who joined with the gym's code (given a plan by the owner) submit feedback of every kind across the
// trainers (some anonymous), the owner assigns, responds and resolves, and the members answer a survey that then ends.
// Skipped when the gym already has feedback.
import { authRoutes, feedbackRoutes, type SubmitFeedbackBody, type SurveyBody } from '@akhada/contracts';
import { apiCall, must, type Call } from './seed-api.ts';

/** Calls again while the answer is one that other services' events will soon change (a copy not made yet). */
const retrying = async (what: string, call: () => ReturnType<Call>, retryOn = [404, 409], attempts = 40) => {
  for (let i = 0; ; i++) {
    const r = await call();
    if (r.status === 200 || r.status === 201) return r.json;
    if (!retryOn.includes(r.status) || i >= attempts) throw new Error(`seed: ${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
    await new Promise((res) => setTimeout(res, 500));
  }
};

const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

const REVIEWERS = [
  { firstName: 'Neha', lastName: 'Kapoor', email: 'neha.kapoor@example.in', phone: '+91 98111 40001' },
  { firstName: 'Rajesh', lastName: 'Verma', email: 'rajesh.verma@example.in', phone: '+91 98111 40002' },
  { firstName: 'Meenakshi', lastName: 'Sundaram', email: 'meenakshi.s@example.in', phone: '+91 98111 40003' },
  { firstName: 'Harpreet', lastName: 'Gill', email: 'harpreet.gill@example.in', phone: '+91 98111 40004' },
  { firstName: 'Tanvi', lastName: 'Desai', email: 'tanvi.desai@example.in', phone: '+91 98111 40005' },
  { firstName: 'Imran', lastName: 'Sheikh', email: 'imran.sheikh@example.in', phone: '+91 98111 40006' },
] as const;

/** `trainer`: an index into the trainer ids given; `staff`: what the owner then does. */
type Planned = SubmitFeedbackBody & {
  by: number;
  trainer?: number;
  staff?: { reply: string; status?: 'in_progress' | 'resolved' | 'closed'; assign?: boolean };
};

const PLAN: Planned[] = [
  {
    by: 0,
    type: 'trainer',
    trainer: 0,
    rating: { overall: 5 },
    emoji: '💪',
    title: 'Rahul sir pushes us the right way',
    description: 'Morning strength batch is excellent. Rahul corrects form on every deadlift and squat.',
    tags: ['strength', 'morning'],
  },
  {
    by: 1,
    type: 'trainer',
    trainer: 0,
    rating: { overall: 4 },
    emoji: '😊',
    title: 'Good coaching, batch is crowded',
    description: 'Rahul is patient and knowledgeable, but the 7 am batch has too many people for one coach.',
    tags: ['strength'],
  },
  {
    by: 2,
    type: 'trainer',
    trainer: 1,
    rating: { overall: 5 },
    emoji: '😍',
    title: 'Best yoga sessions in Pune',
    description: 'Sunita ma’am explains breathing and posture clearly. My back pain has reduced a lot.',
    tags: ['yoga'],
  },
  {
    by: 3,
    type: 'trainer',
    trainer: 1,
    rating: { overall: 4 },
    emoji: '🙂',
    title: 'Calm and encouraging',
    description: 'Sunita keeps the yoga class calm and encouraging; would love one more evening slot.',
    tags: ['yoga', 'evening'],
  },
  {
    by: 4,
    type: 'trainer',
    trainer: 2,
    rating: { overall: 3 },
    emoji: '😐',
    title: 'Cardio plan needs more variety',
    description: 'Farhan is friendly but the cardio plan has been the same treadmill routine for three weeks.',
    tags: ['cardio'],
  },
  {
    by: 5,
    type: 'trainer',
    trainer: 2,
    rating: { overall: 2 },
    emoji: '😕',
    title: 'Trainer often late',
    description: 'Farhan came late to the evening session twice this week; we waited fifteen minutes.',
    isAnonymous: true,
    staff: { reply: 'Thank you for telling us. We have spoken to Farhan and changed his shift so evening sessions start on time.', status: 'resolved' },
  },
  {
    by: 0,
    type: 'trainer',
    trainer: 2,
    rating: { overall: 4 },
    emoji: '🙂',
    title: 'Helpful with nutrition',
    description: 'Farhan gave me a simple diet plan with home food, easy to follow.',
    tags: ['nutrition'],
  },
  {
    by: 1,
    type: 'trainer',
    trainer: 3,
    rating: { overall: 5 },
    emoji: '🤩',
    title: 'Lakshmi fixed my shoulder',
    description: 'Lakshmi’s rehabilitation sessions after my shoulder injury were careful and clear; I can lift again.',
    tags: ['rehab'],
  },
  {
    by: 2,
    type: 'trainer',
    trainer: 3,
    rating: { overall: 4 },
    emoji: '😊',
    title: 'Good personal attention',
    description: 'Lakshmi adjusts every mobility exercise for my knee and checks on progress each week.',
  },
  {
    by: 3,
    type: 'complaint',
    complaintCategory: 'equipment',
    priority: 'high',
    rating: { overall: 2 },
    emoji: '😠',
    title: 'Treadmill 3 belt slipping',
    description: 'The belt on treadmill 3 slips at higher speed. Someone could fall and get hurt.',
    tags: ['treadmill', 'safety'],
    staff: { reply: 'The belt has been tightened and the treadmill serviced today. Thank you for reporting it.', status: 'resolved', assign: true },
  },
  {
    by: 4,
    type: 'complaint',
    complaintCategory: 'cleanliness',
    priority: 'medium',
    rating: { overall: 2 },
    emoji: '😞',
    title: 'Washroom not cleaned in the evening',
    description: 'The men’s washroom is not cleaned after 6 pm; towels and water bottles are left on the floor.',
    staff: { reply: 'We have added an evening cleaning round at 7 pm. Please tell us if it is still not clean.', status: 'in_progress', assign: true },
  },
  {
    by: 5,
    type: 'complaint',
    complaintCategory: 'noise',
    priority: 'low',
    rating: { overall: 3 },
    emoji: '😐',
    title: 'Music too loud during yoga',
    description: 'Music from the weights area is too loud during the yoga class in the next room.',
  },
  {
    by: 0,
    type: 'complaint',
    complaintCategory: 'billing',
    priority: 'high',
    rating: { overall: 1 },
    emoji: '😠',
    title: 'Charged twice for renewal',
    description: 'My quarterly renewal was charged twice on UPI. Please refund the extra payment.',
    isAnonymous: false,
    staff: {
      reply: 'Sorry about this. The duplicate payment has been refunded; it should reach your account in 3 to 5 working days.',
      status: 'closed',
      assign: true,
    },
  },
  {
    by: 1,
    type: 'complaint',
    complaintCategory: 'safety',
    priority: 'urgent',
    rating: { overall: 1 },
    emoji: '😞',
    title: 'Loose dumbbell rack',
    description: 'The dumbbell rack near the mirror wobbles and a 20 kg dumbbell almost fell on my foot.',
    tags: ['safety'],
  },
  {
    by: 2,
    type: 'complaint',
    complaintCategory: 'staff',
    priority: 'medium',
    rating: { overall: 2 },
    emoji: '😕',
    title: 'Front desk was rude',
    description: 'The front desk staff were rude when I asked about freezing my membership.',
    isAnonymous: true,
  },
  {
    by: 3,
    type: 'complaint',
    complaintCategory: 'facility',
    priority: 'medium',
    rating: { overall: 2 },
    emoji: '😕',
    title: 'AC not working in cardio zone',
    description: 'The AC in the cardio zone has not worked for two days; it is very hot in the afternoon.',
    staff: { reply: 'The technician is coming tomorrow morning to repair the AC.', status: 'in_progress' },
  },
  {
    by: 4,
    type: 'facility',
    rating: { overall: 4 },
    emoji: '🙂',
    title: 'New rowing machines are great',
    description: 'The new rowing machines are smooth and quiet. Thank you for adding them.',
    tags: ['equipment'],
  },
  {
    by: 5,
    type: 'facility',
    rating: { overall: 3 },
    emoji: '😐',
    title: 'Parking is difficult in the evening',
    description: 'Parking near the gym is full after 6 pm; a few reserved spots for members would help.',
  },
  {
    by: 0,
    type: 'facility',
    rating: { overall: 5 },
    emoji: '😀',
    title: 'Clean and bright space',
    description: 'The gym is always clean and bright in the mornings, and the lockers are well maintained.',
  },
  {
    by: 1,
    type: 'service',
    rating: { overall: 4 },
    emoji: '😊',
    title: 'Quick help at the desk',
    description: 'The desk helped me change my batch timing in two minutes. Very smooth.',
  },
  {
    by: 2,
    type: 'service',
    rating: { overall: 5 },
    emoji: '😀',
    title: 'Reminder messages are useful',
    description: 'The renewal reminder and class messages are useful; I never miss a payment now.',
  },
  {
    by: 3,
    type: 'membership',
    rating: { overall: 3 },
    emoji: '😐',
    title: 'Family plan please',
    description: 'Please add a family membership plan; my wife and I would both join on a discount.',
  },
  {
    by: 4,
    type: 'membership',
    rating: { overall: 4 },
    emoji: '🙂',
    title: 'Freeze option helped me',
    description: 'Freezing my membership during my trip was easy and the days were added back.',
  },
  {
    by: 5,
    type: 'general',
    rating: { overall: 5 },
    emoji: '😍',
    title: 'Love the community',
    description: 'Friendly members and trainers; the Sunday group workout is the best part of my week.',
  },
  {
    by: 0,
    type: 'general',
    rating: { overall: 4 },
    emoji: '😊',
    title: 'More evening batches',
    description: 'Evening batches fill quickly. More batches after 7 pm would help working members.',
    tags: ['evening'],
  },
  {
    by: 1,
    type: 'general',
    rating: { overall: 4 },
    emoji: '💪',
    title: 'Progress tracking works',
    description: 'Monthly measurements keep me motivated; I have lost 4 kg in two months.',
  },
];

const SURVEY: SurveyBody = {
  title: 'Member satisfaction — quarter check-in',
  description: 'Five quick questions about your experience at Akhada Fitness.',
  type: 'satisfaction',
  questions: [
    { id: 'overall', kind: 'rating', text: 'How satisfied are you with the gym overall?' },
    { id: 'recommend', kind: 'nps', text: 'How likely are you to recommend us to a friend?' },
    { id: 'time', kind: 'single', text: 'When do you usually train?', options: ['Early morning', 'Morning', 'Afternoon', 'Evening', 'Late evening'] },
    { id: 'use', kind: 'multiple', text: 'What do you use most?', options: ['Weights', 'Cardio machines', 'Group classes', 'Personal training', 'Yoga'] },
    { id: 'improve', kind: 'text', text: 'What should we improve first?', required: false },
  ],
  audience: { kind: 'all' },
  startsOn: day(-14),
  endsOn: day(7),
  isAnonymous: false,
  isActive: true,
};
const ANSWERS: Record<string, number | string | string[]>[] = [
  { overall: 5, recommend: 10, time: 'Early morning', use: ['Weights', 'Personal training'], improve: 'More squat racks' },
  { overall: 4, recommend: 8, time: 'Morning', use: ['Weights', 'Cardio machines'], improve: 'Morning batch is crowded' },
  { overall: 5, recommend: 9, time: 'Evening', use: ['Yoga', 'Group classes'], improve: 'One more evening yoga slot' },
  { overall: 3, recommend: 6, time: 'Evening', use: ['Cardio machines'], improve: 'Fix the AC in the cardio zone' },
  { overall: 4, recommend: 9, time: 'Late evening', use: ['Weights', 'Group classes'] },
  { overall: 2, recommend: 4, time: 'Afternoon', use: ['Cardio machines', 'Yoga'], improve: 'Cleaner washrooms in the evening' },
];

export interface SeedFeedbackOptions {
  /** The gym's join code: the reviewers join with it. */
  joinCode: string;
  /** Trainers the feedback names (in the trainers seed's order: Rahul, Sunita, Farhan, Lakshmi). */
  trainerIds: string[];
  password: string;
  log?: (s: string) => void;
}

/** Seeds feedback of every kind across the trainers, staff responses, and a finished survey with answers. */
export async function seedFeedback(base: string, ownerToken: string, o: SeedFeedbackOptions): Promise<void> {
  const log = o.log ?? console.error;
  const owner = apiCall(base, ownerToken);
  const existing = feedbackRoutes.list.responses[200].parse(await must('feedback list', owner('GET', '/feedback?limit=1')));
  if (existing.totalCount > 0) return;

  // Reviewers join with the code (their own password) and the owner gives each a plan, like a new member at the desk.
  const tokens: string[] = [];
  for (const [i, r] of REVIEWERS.entries()) {
    await must(
      'reviewer sign-up',
      apiCall(base)('POST', '/auth/register', { ...r, password: o.password, role: 'member', gymCode: o.joinCode }),
      [200, 201, 409],
    );
    const login = authRoutes.login.responses[200].parse(
      await must('reviewer login', apiCall(base)('POST', '/auth/login', { email: r.email, password: o.password })),
    );
    const memberId = login.data.user._id;
    await retrying(`plan for ${r.email}`, () =>
      owner('POST', `/members/${memberId}/renew`, {
        membershipType: i % 3 === 0 ? 'premium' : 'basic',
        paymentFrequency: 'monthly',
        membershipFee: i % 3 === 0 ? 2500 : 1500,
        paymentMethod: 'upi',
      }),
    ).catch((err: unknown) => log(`[seed] ${String(err)}`));
    tokens.push(login.data.token);
  }

  const assignees = feedbackRoutes.assignees.responses[200].parse(await must('assignees', owner('GET', '/feedback/assignees'))).data;
  const admin = assignees.find((a) => a.role === 'admin') ?? assignees[0];
  let made = 0;
  for (const { by, trainer, staff, ...body } of PLAN) {
    const trainerId = trainer === undefined ? undefined : o.trainerIds[trainer];
    if (trainer !== undefined && !trainerId) continue;
    const member = apiCall(base, tokens[by]);
    const created = feedbackRoutes.submit.responses[201].parse(
      await retrying(`feedback "${body.title}"`, () => member('POST', '/feedback', { ...body, ...(trainerId ? { trainerId } : {}) })),
    ).data;
    made++;
    if (!staff) continue;
    if (staff.assign && admin) await must('assign', owner('POST', `/feedback/${created._id}/assign`, { assigneeId: admin._id }));
    await must('respond', owner('POST', `/feedback/${created._id}/respond`, { message: staff.reply, ...(staff.status ? { status: staff.status } : {}) }));
  }

  // A survey the reviewers answer, which then ends (its results stay).
  const survey = feedbackRoutes.createSurvey.responses[201].parse(await must('survey', owner('POST', '/feedback/surveys', SURVEY))).data;
  for (const [i, answers] of ANSWERS.entries()) {
    if (!tokens[i]) continue;
    await retrying('survey answer', () => apiCall(base, tokens[i])('POST', `/feedback/surveys/${survey._id}/respond`, { answers }), [404]);
  }
  await must('survey ends', owner('PUT', `/feedback/surveys/${survey._id}`, { ...SURVEY, endsOn: day(-1) }));
  log(`[seed] ${made} feedback tickets and a finished survey`);
}
