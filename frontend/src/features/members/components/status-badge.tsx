import type { MembershipStatus } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { statusTone } from '../lib/member-labels';
import { ALL_NS } from '../../../locales/resources';

export function StatusBadge({ status }: { status: MembershipStatus }) {
  const { t } = useTranslation(ALL_NS);
  return <span className={`badge badge--${statusTone(status)}`}>{t(`members:status.${status}`)}</span>;
}
