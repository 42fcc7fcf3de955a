import { CheckIcon } from '../../../components/icons/check';
import type { LandingContent } from '../api/get-landing-content';

/** The short promises (no credit card, Hindi support, …), shown under the hero and again by the trust badges. */
export function AssuranceList({ items, label, centered = false }: { items: LandingContent['claims']['assurances']; label: string; centered?: boolean }) {
  return (
    <ul className={centered ? 'assurances assurances--center' : 'assurances'} aria-label={label}>
      {items.map((a) => (
        <li key={a.id} className="assurances__item">
          <CheckIcon size={16} />
          {a.label}
        </li>
      ))}
    </ul>
  );
}
