import { FollowUpKind, LostReason, type LeadDetail, type TimelineEntry } from '@akhada/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { MarketingConsentCard } from '../../../components/marketing-consent-card';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import {
  useAddFollowUp,
  useAddNote,
  useAssignLead,
  useCompleteFollowUp,
  useLead,
  useLeadStaff,
  useLoseLead,
  useMoveStage,
  useReopenLead,
} from '../api/enquiries-api';
import { QueryView } from '../../../components/query-view';
import { TrialPassesSection } from '../components/trial-passes';
import { OPEN_STAGES, ownerLabel } from '../lib/labels';
import { useLiveEnquiries } from '../lib/use-live-enquiries';
import '../enquiries.css';

/**
 * Members' add-member form, prefilled from the lead (its name, phone, email, source and location) and linked to it:
 * the member's record keeps the lead's id and source, and enquiries marks the lead joined when members announces it.
 */
export const convertLink = (lead: LeadDetail): string => {
  const q = new URLSearchParams({ add: '1', enquiryId: lead.id, name: lead.name, phone: lead.phone, source: lead.source, locationId: lead.locationId });
  if (lead.email) q.set('email', lead.email);
  return `/dashboard/members?${q.toString()}`;
};

/** A datetime-local input's value (the browser's clock) as an instant. */
const toInstant = (local: string): string => new Date(local).toISOString();

/** /dashboard/enquiries/:id: a lead's details, its stage actions, follow-ups (add, mark done) and timeline. */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('enquiries:title'));
  const lead = useLead(id);
  const { live } = useLiveEnquiries();
  return (
    <div className="page enq-page" data-live={live}>
      <Link to="/dashboard/enquiries" className="enq-back">
        {t('enquiries:detail.back')}
      </Link>
      <QueryView query={lead} loading={t('enquiries:detail.loading')} errorTitle={t('enquiries:detail.loadError')}>
        {(l) => <LeadView lead={l} />}
      </QueryView>
    </div>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const { describe } = useErrorText();
  const ids = { move: useId(), reason: useId(), loseNote: useId(), kind: useId(), due: useId(), fuNote: useId(), note: useId(), giveTo: useId() };
  const move = useMoveStage();
  const lose = useLoseLead();
  const reopen = useReopenLead();
  const addNote = useAddNote();
  const assign = useAssignLead();
  const manager = user.role === 'owner' || user.role === 'admin';
  const staff = useLeadStaff(manager);
  const addFollowUp = useAddFollowUp();
  const complete = useCompleteFollowUp();
  const [reason, setReason] = useState<LostReason>('price');
  const [loseNote, setLoseNote] = useState('');
  const [losing, setLosing] = useState(false);
  const [kind, setKind] = useState<FollowUpKind>('call');
  const [due, setDue] = useState('');
  const [fuNote, setFuNote] = useState('');
  const [note, setNote] = useState('');
  const [outcomes, setOutcomes] = useState<Record<string, string>>({});
  const failed = [move, lose, reopen, assign, addNote, addFollowUp, complete].find((m) => m.isError)?.error;
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  const entryText = (e: TimelineEntry) => {
    switch (e.type) {
      case 'captured':
      case 'enquired_again':
        return t(`enquiries:timeline.${e.type}`, { source: e.source ? t(`enquiries:source.${e.source}`) : '' });
      case 'stage_changed':
      case 'reopened':
        return t(`enquiries:timeline.${e.type}`, { stage: e.stage ? t(`enquiries:stage.${e.stage}`) : '' });
      case 'lost':
        return t('enquiries:timeline.lost', { reason: e.reason ? t(`enquiries:reason.${e.reason}`) : '' });
      case 'edited':
        return t('enquiries:timeline.edited', { text: e.text ?? '' });
      case 'trial_pass_issued':
        return t('enquiries:timeline.trial_pass_issued', { code: e.text ?? '' });
      default:
        return t(`enquiries:timeline.${e.type}`);
    }
  };

  const submitFollowUp = (ev: FormEvent) => {
    ev.preventDefault();
    if (!due) return;
    addFollowUp.mutate(
      { id: lead.id, body: { kind, dueAt: toInstant(due), note: fuNote || undefined } },
      {
        onSuccess: () => {
          setDue('');
          setFuNote('');
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={lead.name} subtitle={`${t(`enquiries:stage.${lead.stage}`)} · ${lead.phone}`} />
      {failed ? <Alert tone="error">{describe(failed)}</Alert> : null}
      <div className="enq-detail">
        <section className="card" aria-labelledby={`${ids.move}-details`}>
          <h2 id={`${ids.move}-details`}>{t('enquiries:detail.details')}</h2>
          <dl className="enq-facts">
            <dt>{t('enquiries:form.phone')}</dt>
            <dd>
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
            </dd>
            {lead.email ? (
              <>
                <dt>{t('enquiries:form.email')}</dt>
                <dd>{lead.email}</dd>
              </>
            ) : null}
            <dt>{t('enquiries:form.interest')}</dt>
            <dd>{t(`enquiries:interest.${lead.interest}`)}</dd>
            <dt>{t('enquiries:form.source')}</dt>
            <dd>{t(`enquiries:source.${lead.source}`)}</dd>
            {lead.preferredTime ? (
              <>
                <dt>{t('enquiries:form.preferredTime')}</dt>
                <dd>{lead.preferredTime}</dd>
              </>
            ) : null}
            <dt>{t('enquiries:detail.owner')}</dt>
            <dd>
              {ownerLabel(t, lead, user._id)}
              {manager && lead.ownerId !== user._id ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => assign.mutate({ id: lead.id, ownerId: user._id })}
                  disabled={assign.isPending}
                >
                  {t('enquiries:detail.takeIt')}
                </button>
              ) : null}
              {manager && lead.ownerId !== null ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => assign.mutate({ id: lead.id, ownerId: null })}
                  disabled={assign.isPending}
                >
                  {t('enquiries:detail.unassign')}
                </button>
              ) : null}
              {manager && (staff.data ?? []).some((m) => m.id !== lead.ownerId) ? (
                <span className="enq-give-to">
                  <label htmlFor={ids.giveTo}>{t('enquiries:detail.giveTo')}</label>
                  <select
                    id={ids.giveTo}
                    className="input select"
                    value=""
                    disabled={assign.isPending}
                    onChange={(e) => e.target.value && assign.mutate({ id: lead.id, ownerId: e.target.value })}
                    data-testid="give-to"
                  >
                    <option value="">—</option>
                    {(staff.data ?? [])
                      .filter((m) => m.id !== lead.ownerId)
                      .map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.id === user._id ? t('enquiries:you') : m.name}
                        </option>
                      ))}
                  </select>
                </span>
              ) : null}
            </dd>
            {lead.notes ? (
              <>
                <dt>{t('enquiries:form.notes')}</dt>
                <dd>{lead.notes}</dd>
              </>
            ) : null}
          </dl>
          {lead.enquiries > 1 ? <p className="enq-muted">{t('enquiries:enquiries', { count: lead.enquiries })}</p> : null}
          {lead.consentText && lead.consentAt ? (
            <p className="enq-muted">{t('enquiries:detail.consent', { when: when(lead.consentAt), text: lead.consentText })}</p>
          ) : null}
          {lead.marketingConsentText && lead.marketingConsentAt ? (
            <p className="enq-muted" data-testid="lead-marketing-consent-given">
              {t('enquiries:detail.marketingConsentGiven', { when: when(lead.marketingConsentAt), text: lead.marketingConsentText })}
            </p>
          ) : null}

          {lead.memberId ? (
            <p data-testid="lead-member">
              {t('enquiries:convert.joined')}{' '}
              <Link to={`/dashboard/members/${lead.memberId}`} className="link">
                {t('enquiries:convert.openMember')}
              </Link>
            </p>
          ) : manager && lead.stage !== 'joined' ? (
            <Link to={convertLink(lead)} className="btn btn--primary" data-testid="convert-to-member">
              {t('enquiries:convert.button')}
            </Link>
          ) : null}
          <div className="enq-actions" data-testid="stage-actions">
            {lead.stage === 'lost' ? (
              <>
                <p>{lead.lostReason ? t('enquiries:detail.lostBecause', { reason: t(`enquiries:reason.${lead.lostReason}`) }) : null}</p>
                <button type="button" className="btn btn--secondary" onClick={() => reopen.mutate(lead.id)} disabled={reopen.isPending}>
                  {t('enquiries:detail.reopen')}
                </button>
              </>
            ) : lead.stage === 'joined' ? null : (
              <>
                <label htmlFor={ids.move}>{t('enquiries:detail.moveTo')}</label>
                <select
                  id={ids.move}
                  className="input select"
                  value=""
                  onChange={(e) => e.target.value && move.mutate({ id: lead.id, stage: e.target.value as (typeof OPEN_STAGES)[number] })}
                  data-testid="move-stage"
                >
                  <option value="">—</option>
                  {OPEN_STAGES.filter((s) => s !== lead.stage).map((s) => (
                    <option key={s} value={s}>
                      {t(`enquiries:stage.${s}`)}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn--secondary" onClick={() => setLosing(true)} data-testid="lose-button">
                  {t('enquiries:detail.lose')}
                </button>
              </>
            )}
          </div>
          {losing && lead.stage !== 'lost' ? (
            <form
              className="enq-inline-form"
              aria-label={t('enquiries:detail.loseTitle')}
              onSubmit={(e) => {
                e.preventDefault();
                lose.mutate({ id: lead.id, reason, note: loseNote || undefined }, { onSuccess: () => setLosing(false) });
              }}
            >
              <label htmlFor={ids.reason}>{t('enquiries:detail.reasonLabel')}</label>
              <select id={ids.reason} className="input select" value={reason} onChange={(e) => setReason(e.target.value as LostReason)}>
                {LostReason.options.map((r) => (
                  <option key={r} value={r}>
                    {t(`enquiries:reason.${r}`)}
                  </option>
                ))}
              </select>
              <label htmlFor={ids.loseNote}>{t('enquiries:detail.loseNote')}</label>
              <input id={ids.loseNote} className="input" value={loseNote} onChange={(e) => setLoseNote(e.target.value)} />
              <button type="submit" className="btn btn--secondary" disabled={lose.isPending}>
                {t('enquiries:detail.lose')}
              </button>
            </form>
          ) : null}
        </section>

        <TrialPassesSection lead={lead} />

        <MarketingConsentCard personId={lead.id} />

        <section className="card" aria-labelledby={`${ids.kind}-fu`}>
          <h2 id={`${ids.kind}-fu`}>{t('enquiries:detail.followUps')}</h2>
          {lead.followUps.length === 0 ? <p className="enq-muted">{t('enquiries:detail.noFollowUps')}</p> : null}
          <ul className="enq-followups" data-testid="follow-ups">
            {lead.followUps.map((f) => (
              <li key={f.id} className={f.doneAt ? 'enq-followup enq-followup--done' : 'enq-followup'}>
                <strong>{t(`enquiries:kind.${f.kind}`)}</strong> · {when(f.dueAt)}
                {f.note ? <span> · {f.note}</span> : null}
                {f.doneAt ? (
                  <p className="enq-muted">{t('enquiries:detail.doneWith', { when: when(f.doneAt), outcome: f.outcome ?? '' })}</p>
                ) : (
                  <form
                    className="enq-inline-form"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const outcome = outcomes[f.id]?.trim();
                      if (outcome) complete.mutate({ id: lead.id, followUpId: f.id, outcome });
                    }}
                  >
                    <input
                      className="input"
                      aria-label={t('enquiries:detail.outcomeFor', { kind: t(`enquiries:kind.${f.kind}`) })}
                      placeholder={t('enquiries:detail.outcome')}
                      value={outcomes[f.id] ?? ''}
                      onChange={(e) => setOutcomes((o) => ({ ...o, [f.id]: e.target.value }))}
                    />
                    <button type="submit" className="btn btn--secondary" disabled={complete.isPending}>
                      {t('enquiries:detail.markDone')}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          <form className="enq-inline-form" onSubmit={submitFollowUp} aria-label={t('enquiries:detail.addFollowUp')}>
            <label htmlFor={ids.kind}>{t('enquiries:detail.kindLabel')}</label>
            <select id={ids.kind} className="input select" value={kind} onChange={(e) => setKind(e.target.value as FollowUpKind)}>
              {FollowUpKind.options.map((k) => (
                <option key={k} value={k}>
                  {t(`enquiries:kind.${k}`)}
                </option>
              ))}
            </select>
            <label htmlFor={ids.due}>{t('enquiries:detail.dueAt')}</label>
            <input id={ids.due} className="input" type="datetime-local" required value={due} onChange={(e) => setDue(e.target.value)} />
            <label htmlFor={ids.fuNote}>{t('enquiries:detail.followUpNote')}</label>
            <input id={ids.fuNote} className="input" value={fuNote} onChange={(e) => setFuNote(e.target.value)} />
            <button type="submit" className="btn btn--primary" disabled={addFollowUp.isPending}>
              {t('enquiries:detail.add')}
            </button>
          </form>
        </section>

        <section className="card" aria-labelledby={`${ids.note}-tl`}>
          <h2 id={`${ids.note}-tl`}>{t('enquiries:detail.timeline')}</h2>
          <form
            className="enq-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (note.trim()) addNote.mutate({ id: lead.id, text: note }, { onSuccess: () => setNote('') });
            }}
          >
            <label htmlFor={ids.note}>{t('enquiries:detail.noteLabel')}</label>
            <textarea id={ids.note} className="input" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
            <button type="submit" className="btn btn--secondary" disabled={addNote.isPending}>
              {t('enquiries:detail.saveNote')}
            </button>
          </form>
          <ol className="enq-timeline" data-testid="timeline">
            {lead.timeline.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <span className="enq-muted">{when(e.at)}</span> {entryText(e)}
                {e.actorId === null && (e.type === 'captured' || e.type === 'enquired_again') ? (
                  <span className="enq-muted"> · {t('enquiries:timeline.byForm')}</span>
                ) : null}
                {e.text && e.type !== 'edited' && e.type !== 'trial_pass_issued' ? <p>{e.text}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
