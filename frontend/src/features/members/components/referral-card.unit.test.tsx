// @vitest-environment jsdom
import { enquiriesRoutes, memberReferralRoutes, type MyReferral } from '@akhada/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { ensureNamespaces, setLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { on, reply } from '../../../testing/contract-handlers';
import { aToken } from '../../../testing/fixtures';
import { server } from '../../../testing/setup';
import { ReferralCard } from './referral-card';

// Issue 27: the gym may reward a referral with a credit off the referrer's next membership payment; the member's card
// says so and lists the credits earned with their total (the days-only and empty cases are in my-pages' test).

beforeAll(() => ensureNamespaces(['members', 'common']));

const referralIs = (data: MyReferral) => on(memberReferralRoutes.mine, () => reply(memberReferralRoutes.mine, 200, { success: true, data }));
const formLinkIs = () =>
  on(enquiriesRoutes.myFormLinks, () =>
    reply(enquiriesRoutes.myFormLinks, 200, { success: true, data: [{ locationId: crypto.randomUUID(), locationName: 'Pune', code: 'abcd23efgh' }] }),
  );

const renderCard = () => {
  localStorage.setItem('token', aToken());
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <ReferralCard />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
};

const withCredits: MyReferral = {
  code: '7K2M9QXA',
  rewardDays: 0,
  rewardCredit: 500,
  rewards: [],
  credits: [
    { credit: 750.5, grantedAt: '2026-11-20T05:00:00.000Z' },
    { credit: 500, grantedAt: '2026-10-02T05:00:00.000Z' },
  ],
};

describe('the member’s referral card: credits', () => {
  it('offers the gym’s credit, lists the credits earned (newest first) and their total', async () => {
    server.use(referralIs(withCredits), formLinkIs());
    renderCard();
    const card = await screen.findByTestId('referral-card');
    const list = await within(card).findByTestId('referral-credits');
    expect(within(card).getByTestId('referral-offer').textContent).toBe('For each friend who joins, ₹500 comes off your next membership payment.');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['₹750.50 credit, earned 20 Nov 2026', '₹500 credit, earned 2 Oct 2026']);
    expect(within(card).getByTestId('referral-credit-total').textContent).toMatch(
      /^Earned so far: ₹1,250\.50\. Each credit comes off your next membership payment/,
    );
    expect(within(card).queryByTestId('referral-no-credits')).toBeNull();
  });

  it('free days and a credit together are both offered; in Hindi without Latin letters', async () => {
    server.use(referralIs({ ...withCredits, rewardDays: 7, credits: [] }), formLinkIs());
    await setLanguage('hi');
    try {
      renderCard();
      const card = await screen.findByTestId('referral-card');
      const empty = await within(card).findByTestId('referral-no-credits');
      expect(empty.textContent).toBe('अभी कोई रेफ़रल क्रेडिट नहीं।');
      const offer = within(card).getByTestId('referral-offer').textContent ?? '';
      expect(offer).toContain('7 दिन मुफ़्त');
      expect(offer).toContain('हर जुड़ने वाले दोस्त पर आपकी अगली मेंबरशिप पेमेंट से ₹500 कम होंगे।');
      expect(offer).not.toMatch(/[A-Za-z]/);
    } finally {
      await setLanguage('en');
    }
  });
});
