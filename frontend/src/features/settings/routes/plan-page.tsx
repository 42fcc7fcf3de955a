import { PLAN_TERMS, PlanId } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { CheckIcon } from '../../../components/icons/check';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useChoosePlan, type ChoosablePlan } from '../api/choose-plan';
import '../settings.css';

/**
 * /dashboard/settings/plan: the plans Akhada sells (Version B, PLAN_TERMS), the organization's own marked, and the
 * trial's state. The owner chooses a plan here; everyone else sees who can. No payment is taken yet: the page says
 * that billing starts with the next invoice.
 */
export function PlanPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('settings:plan.pageTitle'));
  const user = useUser();
  const { describe } = useErrorText();
  const now = useNow(60_000);
  const choose = useChoosePlan();
  const owner = user.role === 'owner';
  const { plan: current, trialEndsAt } = user.organization;
  const trialEnded = current === 'free' && trialEndsAt !== null && Date.parse(trialEndsAt) <= now;

  let trialNote = null;
  if (current === 'free' && trialEndsAt) {
    const date = formatDate(trialEndsAt, i18n.language);
    trialNote = trialEnded ? (
      <Alert tone="error" testId="plan-trial">
        {t('settings:plan.trialEnded', { date })}
      </Alert>
    ) : (
      <Alert tone="info" testId="plan-trial">
        {t('settings:plan.trialEnds', { date })}
      </Alert>
    );
  }

  const pick = (plan: ChoosablePlan) => {
    if (!choose.isPending) choose.mutate(plan);
  };

  return (
    <div className="page plan-page">
      <PageHeader
        title={t('settings:plan.title')}
        subtitle={t('settings:plan.subtitle')}
        actions={
          <Link to="/dashboard/settings" className="btn btn--secondary">
            {t('settings:plan.back')}
          </Link>
        }
      />
      <div className="plan-page__notes" aria-live="polite">
        {trialNote}
        {choose.isSuccess ? (
          <Alert tone="success" testId="plan-success">
            {t('settings:plan.chosen', { plan: t(`settings:plan.names.${choose.data.plan}`) })}
          </Alert>
        ) : null}
        {choose.isError ? (
          <Alert tone="error" testId="plan-error">
            {describe(choose.error)}
          </Alert>
        ) : null}
        {owner ? null : (
          <Alert tone="info" testId="plan-owner-only">
            {t('settings:plan.ownerOnly')}
          </Alert>
        )}
      </div>
      <ul className="plan-grid" aria-label={t('settings:plan.listLabel')}>
        {PlanId.options.map((id) => {
          const terms = PLAN_TERMS[id];
          const name = t(`settings:plan.names.${id}`);
          const isCurrent = id === current;
          return (
            <li
              key={id}
              className={`card plan-card${isCurrent ? ' plan-card--current' : ''}`}
              data-testid={`plan-${id}`}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div className="plan-card__head">
                <h2 className="plan-card__name">{name}</h2>
                {isCurrent ? <span className="badge badge--info">{t('settings:plan.current')}</span> : null}
              </div>
              <p className="plan-card__price">
                {id === 'free' ? t('settings:plan.freePrice') : t('settings:plan.price', { price: formatMoney(terms.pricePaise / 100) })}
              </p>
              <ul className="plan-card__limits">
                <li>
                  <CheckIcon size={16} />
                  {terms.members === null ? t('settings:plan.membersOpen') : t('settings:plan.members', { count: terms.members })}
                </li>
                <li>
                  <CheckIcon size={16} />
                  {terms.trainers === null ? t('settings:plan.trainersOpen') : t('settings:plan.trainers', { count: terms.trainers })}
                </li>
              </ul>
              {owner && id !== 'free' && !isCurrent ? (
                <button type="button" className="btn btn--primary btn--block" disabled={choose.isPending} onClick={() => pick(id)} data-testid={`choose-${id}`}>
                  {choose.isPending && choose.variables === id ? t('settings:plan.choosing') : t('settings:plan.choose', { plan: name })}
                </button>
              ) : null}
              {id === 'free' && !isCurrent ? <p className="plan-card__hint">{t('settings:plan.trialOnly')}</p> : null}
            </li>
          );
        })}
      </ul>
      <p className="plan-page__billing" data-testid="plan-billing">
        {t('settings:plan.billing')}
      </p>
    </div>
  );
}
