import { daysBetween, DomainError, type CalendarDate } from '@akhada/kit/domain';

const inactive = (message: string) => new DomainError('MEMBERSHIP_INACTIVE', message, 409);

/**
 * May this member train on that day? An active membership that has not ended by then. `self`: the member asks (the
 * message speaks to them); else staff or the trainer book for them.
 */
export const assertMayTrain = (o: { status: string; endDate: CalendarDate | null; date: CalendarDate; self: boolean }): void => {
  const whose = o.self ? 'Your membership' : 'This member’s membership';
  if (o.status === 'frozen') throw inactive(`${whose} is frozen, so sessions cannot be booked.`);
  if (o.status === 'expired') throw inactive(`${whose} has expired. Renew it to book sessions.`);
  if (o.status !== 'active') throw inactive(`${whose} is not active, so sessions cannot be booked.`);
  if (o.endDate && daysBetween(o.endDate, o.date) > 0) throw inactive(`${whose} ends on ${o.endDate}, before this session. Renew it to book.`);
};
