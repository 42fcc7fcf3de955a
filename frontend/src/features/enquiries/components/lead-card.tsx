import type { Lead } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { ownerLabel } from '../lib/labels';

/** One lead on the board or in the list: name (a link to it), phone, interest and source, owner, next follow-up. */
export function LeadCard({ lead, showStage }: { lead: Lead; showStage?: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  return (
    <article className="enq-card" data-testid="lead-card">
      <div className="enq-card__head">
        <Link to={`/dashboard/enquiries/${lead.id}`} className="enq-card__name">
          {lead.name}
        </Link>
        {showStage ? <span className={`badge enq-stage enq-stage--${lead.stage}`}>{t(`enquiries:stage.${lead.stage}`)}</span> : null}
      </div>
      <a className="enq-card__phone" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
        {lead.phone}
      </a>
      <p className="enq-muted">
        {t(`enquiries:interest.${lead.interest}`)} · {t(`enquiries:source.${lead.source}`)} · {ownerLabel(t, lead, user._id)}
      </p>
      {lead.nextFollowUpAt ? <p className="enq-muted">{t('enquiries:next', { when: formatDateTime(lead.nextFollowUpAt, i18n.language) })}</p> : null}
      {lead.stage === 'lost' && lead.lostReason ? (
        <p className="enq-muted">{t('enquiries:detail.lostBecause', { reason: t(`enquiries:reason.${lead.lostReason}`) })}</p>
      ) : null}
    </article>
  );
}
