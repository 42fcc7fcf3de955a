import type { PlanId } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../../components/icons/check';
import { Modal } from '../../../components/modal';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { formatPaise, groupIndian } from '../lib/price';
import { SectionHeading } from './section-heading';

type Plan = LandingContent['plans'][number];
const FEATURES_ON_CARD = 4;

function Price({ plan }: { plan: Plan }) {
  return (
    <p className="plan__price">
      <span className="plan__amount" data-testid={`plan-price-${plan.id}`}>
        {formatPaise(plan.pricePaise)}
      </span>{' '}
      <span className="plan__period">{plan.period}</span>
    </p>
  );
}

function PlanCard({ plan, onDetails }: { plan: Plan; onDetails: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const rest = plan.features.length - FEATURES_ON_CARD;
  return (
    <li className={`card plan plan--${plan.id}${plan.popular ? ' plan--popular' : ''}`} data-testid={`plan-${plan.id}`}>
      <div className="plan__head">
        <h3 className="plan__name">{plan.name}</h3>
        {plan.popular ? <span className="plan__badge">{t('landing:pricing.popular')}</span> : null}
        {plan.discount ? <span className="plan__badge plan__badge--discount">{plan.discount}</span> : null}
      </div>
      <Price plan={plan} />
      <p className="plan__description">{plan.description}</p>
      <ul className="checklist">
        {plan.features.slice(0, FEATURES_ON_CARD).map((f) => (
          <li key={f}>
            <CheckIcon size={16} />
            {f}
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="plan__more">{t('landing:pricing.moreFeatures', { count: rest })}</p> : null}
      <div className="plan__actions">
        <Link to="/register" className={`btn ${plan.popular ? 'btn--primary' : 'btn--secondary'} btn--block`} data-testid={`plan-cta-${plan.id}`}>
          {plan.cta}
        </Link>
        <button
          type="button"
          className="btn btn--link btn--block"
          onClick={onDetails}
          aria-label={t('landing:pricing.viewDetailsOf', { plan: plan.name })}
          data-testid={`plan-details-${plan.id}`}
        >
          {t('landing:pricing.viewDetails')}
        </button>
      </div>
    </li>
  );
}

/** Version B: free, mini, starter (Popular), pro, and the Enterprise card; each opens its details in a modal. */
export function Pricing({ heading, plans }: { heading: LandingContent['sections']['pricing']; plans: LandingContent['plans'] }) {
  const { t } = useTranslation(ALL_NS);
  const [open, setOpen] = useState<PlanId | null>(null);
  const plan = plans.find((p) => p.id === open) ?? null;
  const cards = plans.filter((p) => p.id !== 'enterprise');
  const enterprise = plans.find((p) => p.id === 'enterprise');
  return (
    <section id="pricing" className="landing-section landing-anchor" aria-labelledby="pricing-title" data-testid="pricing">
      <SectionHeading id="pricing-title" heading={heading} />
      <ul className="plans">
        {cards.map((p) => (
          <PlanCard key={p.id} plan={p} onDetails={() => setOpen(p.id)} />
        ))}
      </ul>
      {enterprise ? (
        <ul className="plans plans--enterprise">
          <PlanCard plan={enterprise} onDetails={() => setOpen(enterprise.id)} />
        </ul>
      ) : null}
      <Modal
        open={plan !== null}
        onClose={() => setOpen(null)}
        title={plan?.name ?? ''}
        description={plan?.description}
        testId="plan-modal"
        footer={
          plan ? (
            <Link to="/register" className="btn btn--primary" data-testid="plan-modal-cta">
              {plan.cta}
            </Link>
          ) : null
        }
      >
        {plan ? (
          <div className="plan-details">
            <Price plan={plan} />
            <h3 className="plan-details__heading">{t('landing:pricing.included')}</h3>
            <ul className="checklist">
              {plan.features.map((f) => (
                <li key={f}>
                  <CheckIcon size={16} />
                  {f}
                </li>
              ))}
            </ul>
            <h3 className="plan-details__heading">{t('landing:pricing.limits')}</h3>
            <dl className="plan-details__limits">
              <div>
                <dt>{t('landing:pricing.members')}</dt>
                <dd>
                  {plan.limits.members === null ? t('landing:pricing.noFixedLimit') : t('landing:pricing.upTo', { limit: groupIndian(plan.limits.members) })}
                </dd>
              </div>
              <div>
                <dt>{t('landing:pricing.trainers')}</dt>
                <dd>
                  {plan.limits.trainers === null ? t('landing:pricing.noFixedLimit') : t('landing:pricing.upTo', { limit: groupIndian(plan.limits.trainers) })}
                </dd>
              </div>
            </dl>
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
