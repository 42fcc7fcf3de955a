import { describe, expect, it } from 'vitest';
import { subjectsOf } from '../src/app/notify.ts';

const a = '0195b6f0-0000-7000-8000-00000000000a';
const b = '0195B6F0-0000-7000-8000-00000000000B';

describe('subjectsOf: the people an event is about', () => {
  it('takes member, trainer and user ids and a chat sender, once each, in lower case', () => {
    expect(subjectsOf({ memberId: a, trainerId: b, locationId: '0195b6f0-0000-7000-8000-0000000000ff' })).toEqual([a, b.toLowerCase()]);
    expect(subjectsOf({ sender: { _id: a, firstName: 'Asha' }, memberId: a })).toEqual([a]);
    expect(subjectsOf({ conversationId: b, senderName: 'Asha', message: { _id: b, sender: { _id: a } } })).toEqual([a]);
  });
  it('ignores what is not an id and data that is not an object', () => {
    expect(subjectsOf({ memberId: null, userId: 'asha', trainerId: 7 })).toEqual([]);
    expect(subjectsOf(null)).toEqual([]);
    expect(subjectsOf('x')).toEqual([]);
  });
});
