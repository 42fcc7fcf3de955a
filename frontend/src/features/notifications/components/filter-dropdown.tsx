import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/icons/chevron-down';
import { formatNumber } from '../../../lib/format';
import { FILTER_TABS, type FilterTab } from '../lib/filters';
import { ALL_NS } from '../../../locales/resources';

/** On small screens the filter tabs become this dropdown. */
export function FilterDropdown({
  active,
  counts,
  onChange,
}: {
  active: FilterTab;
  counts: Record<FilterTab, { count: number; unread: number }>;
  onChange: (tab: FilterTab) => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const els = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.filter-dropdown__option') ?? []);
    const i = els.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (i + 1) % els.length : (i - 1 + els.length) % els.length;
    els[next]?.focus();
  };

  return (
    <div className="filter-dropdown" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="filter-dropdown__button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-filter-dropdown"
      >
        <span className="visually-hidden">{t('notifications:page.filterLabel')}: </span>
        <span>{t(`notifications:tabsLong.${active}`)}</span>
        <span className="count-badge">{formatNumber(counts[active].count)}</span>
        <ChevronDownIcon size={18} className="filter-dropdown__chevron" />
      </button>
      {open ? (
        <div className="filter-dropdown__panel" id={`${id}-panel`}>
          <p className="filter-dropdown__hint">{t('notifications:page.scrollHint')}</p>
          <ul className="filter-dropdown__list">
            {FILTER_TABS.map((tab) => (
              <li key={tab}>
                <button
                  type="button"
                  className="filter-dropdown__option"
                  aria-current={tab === active ? 'true' : undefined}
                  onClick={() => {
                    onChange(tab);
                    setOpen(false);
                    buttonRef.current?.focus();
                  }}
                >
                  <span>{t(`notifications:tabsLong.${tab}`)}</span>
                  <span className="filter-dropdown__meta">
                    {counts[tab].unread > 0 ? <span className="red-dot" role="img" aria-label={t('notifications:page.hasUnread')} /> : null}
                    <span className="count-badge">{formatNumber(counts[tab].count)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
