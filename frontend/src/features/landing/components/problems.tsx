import { AlertTriangleIcon } from '../../../components/icons/alert-triangle';
import { ChartIcon } from '../../../components/icons/chart';
import { ChatIcon } from '../../../components/icons/chat';
import { WalletIcon } from '../../../components/icons/wallet';
import type { LandingContent } from '../api/get-landing-content';
import { SectionHeading } from './section-heading';

/** Inefficient tracking, communication gaps, no insights, expensive solutions: in that order in the content. */
const ICONS = [AlertTriangleIcon, ChatIcon, ChartIcon, WalletIcon] as const;

export function Problems({ heading, problems }: { heading: LandingContent['sections']['problems']; problems: LandingContent['problems'] }) {
  return (
    <section className="landing-section" aria-labelledby="problems-title">
      <SectionHeading id="problems-title" heading={heading} />
      <ul className="card-grid card-grid--4">
        {problems.map((p, i) => {
          const Icon = ICONS[i % ICONS.length]!;
          return (
            <li key={p.title} className="card tile tile--problem">
              <span className="tile__icon tile__icon--warning">
                <Icon size={22} />
              </span>
              <h3 className="tile__title">{p.title}</h3>
              <p className="tile__text">{p.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
