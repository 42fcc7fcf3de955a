import { useTranslation } from 'react-i18next';
import { lastVisit, membershipTime } from '../lib/member-labels';
import { ALL_NS } from '../../../locales/resources';

export function MembershipTimeText({ daysRemaining }: { daysRemaining: number }) {
  const { t } = useTranslation(ALL_NS);
  const m = membershipTime(daysRemaining);
  return m.kind === 'expired' ? <span className="text-danger">{t('members:expired')}</span> : <span>{t('members:daysLeft', { count: m.count })}</span>;
}

export function useLastVisitText() {
  const { t } = useTranslation(ALL_NS);
  return (lastCheckIn: string | null, now: number) => {
    const v = lastVisit(lastCheckIn, now);
    switch (v.kind) {
      case 'never':
        return t('members:lastVisit.never');
      case 'justNow':
        return t('members:lastVisit.justNow');
      case 'hours':
        return t('members:lastVisit.hours', { count: v.count });
      case 'days':
        return t('members:lastVisit.days', { count: v.count });
      default: {
        const never: never = v;
        return never;
      }
    }
  };
}
