import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../lib/money';
import { ALL_NS } from '../locales/resources';

/** True when a payment or invoice had the member's referral credit taken off (rupees > 0). */
export const hasReferralCredit = (credit: number | undefined): credit is number => credit !== undefined && credit > 0;

/**
 * "Referral credit −₹500.00" under an amount, when the member's referral credit lowered it (issue 27): the amounts beside
 * it are already after the credit. Nothing when there was none.
 */
export function ReferralCreditLine({ credit, testId = 'referral-credit' }: { credit: number | undefined; testId?: string }) {
  const { t } = useTranslation(ALL_NS);
  if (!hasReferralCredit(credit)) return null;
  return (
    <span className="cell-sub" data-testid={testId}>
      {t('payments:referralCredit.line', { amount: formatRupees2(credit) })}
    </span>
  );
}

/** The sentence a confirmation adds when the credit was taken off: "Referral credit −₹500.00 taken off before GST." */
export function useReferralCreditNote() {
  const { t } = useTranslation(ALL_NS);
  return (credit: number | undefined) => (hasReferralCredit(credit) ? t('payments:referralCredit.applied', { amount: formatRupees2(credit) }) : '');
}
