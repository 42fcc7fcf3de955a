import { AddCertificationBody, type Trainer } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { AlertTriangleIcon } from '../../../components/icons/alert-triangle';
import { IdCardIcon } from '../../../components/icons/id-card';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAddCertification, useRemoveCertification, type AddCertificationInput } from '../api/trainer-mutations';
import { optionalDate } from '../lib/form-numbers';
import { expiryTone } from '../lib/trainer-labels';

/** The trainer's certifications with expiry warnings (expired red, within 30 days amber); add and remove when allowed. */
export function CertificationsPanel({ trainer, editable }: { trainer: Trainer; editable: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const remove = useRemoveCertification();
  const lang = i18n.language;

  const onRemove = (certificationId: string) =>
    remove.mutate(
      { id: trainer._id, certificationId },
      {
        onSuccess: () => toast.success(t('trainers:certifications.removed')),
        onError: (e) => toast.error(describe(e, { fallback: t('trainers:certifications.removeFailed') })),
      },
    );

  return (
    <div className="trainer-stack">
      <section className="card" aria-labelledby="trainer-certs-heading">
        <h2 id="trainer-certs-heading" className="card__title">
          {t('trainers:certifications.heading')}
        </h2>
        {trainer.certifications.length === 0 ? (
          <EmptyState icon={<IdCardIcon size={28} />} title={t('trainers:certifications.empty')} />
        ) : (
          <ul className="trainer-certs" data-testid="certifications-list">
            {trainer.certifications.map((c) => {
              const tone = expiryTone(c.expiryState);
              return (
                <li key={c._id} className={`trainer-cert${tone ? ` trainer-cert--${tone}` : ''}`} data-testid="certification">
                  <div className="trainer-cert__main">
                    <p className="trainer-cert__name">{c.name}</p>
                    <p className="trainer-cell-sub">{t('trainers:certifications.issuedBy', { org: c.issuingOrganization })}</p>
                    <p className="trainer-cell-sub">
                      {t('trainers:certifications.issued', { date: formatDate(c.issueDate, lang) })} ·{' '}
                      {c.expiryDate ? t('trainers:certifications.expires', { date: formatDate(c.expiryDate, lang) }) : t('trainers:certifications.noExpiry')}
                    </p>
                  </div>
                  {tone ? (
                    <span className={`badge badge--${tone}`} data-testid="certification-warning">
                      <AlertTriangleIcon size={14} />
                      {c.expiryState === 'expired' ? t('trainers:certifications.expired') : t('trainers:certifications.expiring')}
                    </span>
                  ) : null}
                  {editable ? (
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => onRemove(c._id)}
                      disabled={remove.isPending}
                      aria-label={t('trainers:certifications.removeLabel', { name: c.name })}
                      data-testid="certification-remove"
                    >
                      {t('trainers:certifications.remove')}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editable ? <AddCertificationForm trainerId={trainer._id} /> : null}
    </div>
  );
}

interface CertificationForm {
  name: string;
  issuingOrganization: string;
  issueDate: string;
  expiryDate: string;
}
const toBody = (v: CertificationForm): AddCertificationInput => ({ ...v, expiryDate: optionalDate(v.expiryDate) });
const EMPTY: CertificationForm = { name: '', issuingOrganization: '', issueDate: '', expiryDate: '' };

function AddCertificationForm({ trainerId }: { trainerId: string }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const add = useAddCertification();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<CertificationForm, typeof AddCertificationBody>(AddCertificationBody, { defaultValues: EMPTY, toBody });
  const onSubmit = (body: AddCertificationInput) => {
    if (add.isPending) return;
    add.mutate(
      { id: trainerId, body },
      {
        onSuccess: () => {
          toast.success(t('trainers:certifications.added'));
          form.reset(EMPTY);
        },
        onError: (e) => {
          applyServerErrors(form, e);
          setAttempts((n) => n + 1);
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="trainer-cert-add-heading">
      <h2 id="trainer-cert-add-heading" className="card__title">
        {t('trainers:certifications.addHeading')}
      </h2>
      <Form form={form} onSubmit={onSubmit} busy={add.isPending} testId="add-certification-form">
        {add.isError ? (
          <Alert tone="error" shake={attempts}>
            {describe(add.error, { fallback: t('trainers:certifications.addFailed') })}
          </Alert>
        ) : null}
        <div className="form__grid">
          <TextField name="name" label={t('trainers:certification.name')} maxLength={120} required testId="cert-name" />
          <TextField name="issuingOrganization" label={t('trainers:certification.issuingOrganization')} maxLength={120} required testId="cert-org" />
          <DateField name="issueDate" label={t('trainers:certification.issueDate')} required testId="cert-issued" />
          <DateField name="expiryDate" label={t('trainers:certification.expiryDate')} optional testId="cert-expiry" />
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={add.isPending} data-testid="cert-submit">
            {add.isPending ? t('trainers:certifications.adding') : t('trainers:certifications.add')}
          </button>
        </div>
      </Form>
    </section>
  );
}
