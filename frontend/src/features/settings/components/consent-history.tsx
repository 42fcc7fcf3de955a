import type { ConsentRecord } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** The consent ledger as a list: what was agreed to or withdrawn, how and when (newest first). */
export function ConsentHistory({ records }: { records: ConsentRecord[] }) {
  const { t, i18n } = useTranslation('datarights');
  if (records.length === 0) return <p className="text-muted">{t('consents.empty')}</p>;
  return (
    <ul className="consent-history" data-testid="consent-history">
      {records.map((r) => (
        <li key={r.id} className="consent-history__item">
          <span className={`badge ${r.granted ? 'badge--success' : 'badge--neutral'}`}>{t(r.granted ? 'consents.given' : 'consents.withdrawn')}</span>{' '}
          <strong>{t(`consents.purpose.${r.purpose}`)}</strong> · {t(`consents.channel.${r.channel}`)} ·{' '}
          <time dateTime={r.recordedAt}>{formatDateTime(r.recordedAt, i18n.language)}</time>
        </li>
      ))}
    </ul>
  );
}
