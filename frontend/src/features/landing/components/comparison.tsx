import type { ComparisonTabId } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendingUpIcon } from '../../../components/icons/trending-up';
import { TabList, TabPanel } from '../../../components/tabs';
import { ALL_NS } from '../../../locales/resources';
import type { LandingContent } from '../api/get-landing-content';
import { formatCost } from '../lib/price';
import { SectionHeading } from './section-heading';

/** Spreadsheets, Akhada (highlighted, selected first) and enterprise ERP: ARIA tabs, arrow keys move between them. */
export function Comparison({ comparison }: { comparison: LandingContent['comparison'] }) {
  const { t } = useTranslation(ALL_NS);
  const [active, setActive] = useState<ComparisonTabId>(() => comparison.tabs.find((x) => x.highlighted)?.id ?? 'akhada');
  const tab = comparison.tabs.find((x) => x.id === active) ?? comparison.tabs[0]!;
  return (
    <section className="landing-section" aria-labelledby="comparison-title" data-testid="comparison">
      <SectionHeading id="comparison-title" heading={comparison.heading} />
      <div className="comparison card">
        <TabList
          label={t('landing:comparison.tabs')}
          idPrefix="comparison"
          className="tabs--pills comparison__tabs"
          active={active}
          onChange={setActive}
          tabs={comparison.tabs.map((x) => ({
            key: x.id,
            label: <span className={x.highlighted ? 'comparison__tab--highlighted' : undefined}>{x.label}</span>,
            testId: `comparison-tab-${x.id}`,
          }))}
        />
        <TabPanel idPrefix="comparison" tabKey={tab.id} className={`comparison__panel${tab.highlighted ? ' comparison__panel--highlighted' : ''}`}>
          <div className="comparison__summary" data-testid="comparison-panel">
            <div>
              <h3 className="comparison__title">{tab.title}</h3>
              <p className="comparison__description">{tab.description}</p>
              <p className="comparison__cost-line">{tab.costLine}</p>
            </div>
            <div className="comparison__costs">
              <h4 className="comparison__costs-title">{t('landing:comparison.costs')}</h4>
              <dl>
                {tab.costs.map((c) => (
                  <div key={c.label} className="comparison__cost">
                    <dt>{c.label}</dt>
                    <dd>{formatCost(c)}</dd>
                  </div>
                ))}
                <div className="comparison__cost comparison__cost--total">
                  <dt>{tab.total.label}</dt>
                  <dd>{formatCost(tab.total)}</dd>
                </div>
              </dl>
            </div>
          </div>
          <table className="comparison__table">
            <caption className="visually-hidden">{t('landing:comparison.tableCaption', { others: tab.othersLabel })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('landing:comparison.feature')}</th>
                <th scope="col">{t('landing:comparison.akhada')}</th>
                <th scope="col">{tab.othersLabel}</th>
              </tr>
            </thead>
            <tbody>
              {tab.rows.map((r) => (
                <tr key={r.feature}>
                  <th scope="row">{r.feature}</th>
                  <td data-label={t('landing:comparison.akhada')} className="comparison__ours">
                    {r.akhada}
                  </td>
                  <td data-label={tab.othersLabel}>{r.others}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabPanel>
        <p className="comparison__saving" data-testid="comparison-saving">
          <TrendingUpIcon size={20} />
          <span>{comparison.saving.label}</span>
        </p>
      </div>
    </section>
  );
}
