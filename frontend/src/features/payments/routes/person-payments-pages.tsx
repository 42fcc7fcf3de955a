import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PersonPaymentsPanel } from '../../../components/payments-list';
import { LoadingState } from '../../../components/spinner';
import { useMemberPayments, useTrainerPayments } from '../../../lib/shared-queries/payments';
import { ALL_NS } from '../../../locales/resources';
import { useMemberChoices, useTrainerChoices } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';

/** /dashboard/payments/member-payments: one member's payments (choose the member; ?member= keeps the choice). */
export function MemberPaymentsPage() {
  const { t } = useTranslation(ALL_NS);
  const [params, setParams] = useSearchParams();
  const memberId = params.get('member') ?? '';
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const members = useMemberChoices(debounced, true);
  const [page, setPage] = useState(1);
  const payments = useMemberPayments(memberId, page, memberId !== '');
  const choose = (id: string) => {
    setPage(1);
    setParams(id ? { member: id } : {}, { replace: true });
  };
  return (
    <PaymentsPage title={t('payments:memberPayments.title')} subtitle={t('payments:memberPayments.subtitle')} testId="member-payments-page">
      <section className="card pay-toolbar pay-filters">
        <label className="field">
          <span className="field__label">{t('payments:create.memberSearch')}</span>
          <input
            type="search"
            className="input"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('payments:create.memberSearchPlaceholder')}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('payments:create.member')}</span>
          <select className="input select" value={memberId} onChange={(e) => choose(e.target.value)} data-testid="member-payments-member">
            <option value="">{members.isPending ? t('payments:create.membersLoading') : t('payments:create.chooseMember')}</option>
            {(members.data ?? []).map((m) => (
              <option key={m._id} value={m._id}>
                {m.fullName}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="card">
        {memberId ? (
          <PersonPaymentsPanel query={payments} page={page} onPage={setPage} linkToDetail />
        ) : (
          <p className="text-muted">{t('payments:memberPayments.choose')}</p>
        )}
      </section>
    </PaymentsPage>
  );
}

/** /dashboard/payments/trainer-payments: payments to one trainer (salary, commission, bonus, incentive). */
export function TrainerPaymentsPage() {
  const { t } = useTranslation(ALL_NS);
  const [params, setParams] = useSearchParams();
  const trainerId = params.get('trainer') ?? '';
  const trainers = useTrainerChoices(true);
  const [page, setPage] = useState(1);
  const payments = useTrainerPayments(trainerId, page, trainerId !== '');
  return (
    <PaymentsPage title={t('payments:trainerPayments.title')} subtitle={t('payments:trainerPayments.subtitle')} testId="trainer-payments-page">
      <section className="card pay-toolbar pay-filters">
        <label className="field">
          <span className="field__label">{t('payments:create.trainer')}</span>
          <select
            className="input select"
            value={trainerId}
            onChange={(e) => {
              setPage(1);
              setParams(e.target.value ? { trainer: e.target.value } : {}, { replace: true });
            }}
            data-testid="trainer-payments-trainer"
          >
            <option value="">{trainers.isPending ? t('payments:create.trainersLoading') : t('payments:create.chooseTrainer')}</option>
            {(trainers.data ?? []).map((tr) => (
              <option key={tr._id} value={tr._id}>
                {tr.fullName}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="card">
        {trainers.isPending ? (
          <LoadingState title={t('payments:create.trainersLoading')} />
        ) : trainerId ? (
          <PersonPaymentsPanel query={payments} page={page} onPage={setPage} linkToDetail />
        ) : (
          <p className="text-muted">{t('payments:trainerPayments.choose')}</p>
        )}
      </section>
    </PaymentsPage>
  );
}
