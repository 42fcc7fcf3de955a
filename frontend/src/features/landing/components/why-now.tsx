import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../../components/icons/clock';
import { TrendingUpIcon } from '../../../components/icons/trending-up';
import { WalletIcon } from '../../../components/icons/wallet';
import { ChatIcon } from '../../../components/icons/chat';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { SectionHeading } from './section-heading';

const ICONS = [TrendingUpIcon, ChatIcon, ClockIcon, WalletIcon] as const;

/** Why now: the reasons, and the figures behind them. */
export function WhyNow({
  heading,
  reasons,
  stats,
}: {
  heading: LandingContent['sections']['whyNow'];
  reasons: LandingContent['whyNow'];
  stats: LandingContent['claims']['stats'];
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <section className="landing-section" aria-labelledby="why-now-title">
      <SectionHeading id="why-now-title" heading={heading} />
      <ul className="stats" aria-label={t('landing:whyNow.stats')}>
        {stats.map((s) => (
          <li key={s.id} className="stats__item">
            <span className="stats__value">{s.value}</span>
            <span className="stats__label">{s.label}</span>
          </li>
        ))}
      </ul>
      <ul className="card-grid card-grid--4">
        {reasons.map((r, i) => {
          const Icon = ICONS[i % ICONS.length]!;
          return (
            <li key={r.title} className="card tile">
              <span className="tile__icon">
                <Icon size={22} />
              </span>
              <h3 className="tile__title">{r.title}</h3>
              <p className="tile__text">{r.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
