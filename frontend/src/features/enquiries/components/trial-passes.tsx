import { TRIAL_PASS_MAX_DAYS, type LeadDetail, type TrialPass } from '@akhada/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { QrImage } from '../../../components/qr-image';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useIssueTrialPass } from '../api/enquiries-api';

const DAYS = Array.from({ length: TRIAL_PASS_MAX_DAYS }, (_, i) => i + 1);

/** Whether a pass is still valid at `now` (it ends at midnight at the location after its last day). */
export const isValidPass = (p: TrialPass, now = Date.now()): boolean => Date.parse(p.validUntil) > now;

/** A pass's code in large type and as a QR code, with its days. */
function PassCard({ pass }: { pass: TrialPass }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const valid = isValidPass(pass);
  return (
    <div className="enq-pass" data-testid="trial-pass">
      {valid ? (
        <QrImage text={pass.code} alt={t('enquiries:trial.qrAlt', { code: pass.code })} size={160} className="enq-pass__qr" testId="trial-pass-qr" />
      ) : null}
      <div>
        <p className="enq-muted">{t('enquiries:trial.code')}</p>
        <p className="enq-pass__code" data-testid="trial-pass-code">
          {pass.code}
        </p>
        <p>
          {valid
            ? t('enquiries:trial.validUntil', { date: formatDate(pass.lastDay, i18n.language) })
            : t('enquiries:trial.expired', { date: formatDate(pass.lastDay, i18n.language) })}
          {' · '}
          {t('enquiries:trial.visits', { count: pass.visits })}
        </p>
      </div>
    </div>
  );
}

/** The lead's trial passes (the valid one with its QR code) and, for a lead still open, "Issue trial pass". */
export function TrialPassesSection({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation(ALL_NS);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const canIssue = lead.stage !== 'lost' && lead.stage !== 'joined' && !lead.trialPasses.some((p) => isValidPass(p));
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('enquiries:trial.title')}</h2>
      {lead.trialPasses.length === 0 ? <p className="enq-muted">{t('enquiries:trial.none')}</p> : null}
      {lead.trialPasses.map((p) => (
        <PassCard key={p.id} pass={p} />
      ))}
      {canIssue ? (
        <button type="button" className="btn btn--primary" onClick={() => setOpen(true)} data-testid="issue-trial-pass">
          {t('enquiries:trial.issue')}
        </button>
      ) : null}
      <IssueTrialPassDialog leadId={lead.id} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

/** Days 1–7 (today counts as the first); once issued, the dialog shows the pass's code and QR code to hand over. */
function IssueTrialPassDialog({ leadId, open, onClose }: { leadId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const formId = useId();
  const daysId = useId();
  const hintId = useId();
  const [days, setDays] = useState(3);
  const issue = useIssueTrialPass();
  const issued = issue.data?.trialPasses.find((p) => isValidPass(p));
  const close = () => {
    issue.reset();
    setDays(3);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!issue.isPending) issue.mutate({ id: leadId, days });
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={issued ? t('enquiries:trial.issued') : t('enquiries:trial.dialogTitle')}
      description={issued ? undefined : t('enquiries:trial.dialogDescription')}
      size="sm"
      testId="trial-pass-dialog"
      footer={
        issued ? (
          <button type="button" className="btn btn--primary" onClick={close}>
            {t('enquiries:trial.done')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--secondary" onClick={close}>
              {t('common:actions.cancel')}
            </button>
            <button type="submit" form={formId} className="btn btn--primary" disabled={issue.isPending} data-testid="trial-pass-submit">
              {t('enquiries:trial.submit')}
            </button>
          </>
        )
      }
    >
      {issued ? (
        <PassCard pass={issued} />
      ) : (
        <form id={formId} className="form" onSubmit={submit}>
          {issue.isError ? <Alert tone="error">{describe(issue.error)}</Alert> : null}
          <label htmlFor={daysId}>{t('enquiries:trial.days')}</label>
          <select
            id={daysId}
            className="input select"
            value={days}
            aria-describedby={hintId}
            onChange={(e) => setDays(Number(e.target.value))}
            data-testid="trial-pass-days"
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <p id={hintId} className="enq-muted">
            {t('enquiries:trial.daysHint')}
          </p>
        </form>
      )}
    </Modal>
  );
}
