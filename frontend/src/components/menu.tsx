import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CheckIcon } from './icons/check';

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A link item; otherwise a button calling onSelect. */
  to?: string;
  onSelect?: () => void;
  /** For radio menus (theme): the current choice. */
  checked?: boolean;
  testId?: string;
  lang?: string;
  danger?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown open it, arrows move, Escape closes and
 * returns focus to the button, a click outside closes it.
 */
export function Menu({
  triggerLabel,
  triggerContent,
  triggerClassName = 'icon-btn',
  triggerTestId,
  triggerTitle,
  items,
  header,
  radio = false,
  align = 'end',
}: {
  triggerLabel: string;
  triggerContent: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  triggerTitle?: string;
  items: MenuItem[];
  header?: ReactNode;
  radio?: boolean;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | 'checked' | null>(null);

  const itemEls = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const els = itemEls();
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'last') els[els.length - 1]?.focus();
    else if (target === 'checked') (els.find((e) => e.getAttribute('aria-checked') === 'true') ?? els[0])?.focus();
    else if (target === 'first') els[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last' | 'checked') => {
    pendingFocus.current = focus;
    setOpen(true);
  };

  const onTriggerKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openWith(radio ? 'checked' : 'first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('last');
    }
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const els = itemEls();
    const i = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      els[(i + 1) % els.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      els[(i - 1 + els.length) % els.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      els[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      els[els.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const role = radio ? 'menuitemradio' : 'menuitem';
  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={triggerLabel}
        title={triggerTitle}
        onClick={() => (open ? setOpen(false) : openWith(radio ? 'checked' : 'first'))}
        onKeyDown={onTriggerKey}
        data-testid={triggerTestId}
      >
        {triggerContent}
      </button>
      {open ? (
        <div className={`menu__popover menu__popover--${align}`} ref={listRef} onKeyDown={onListKey}>
          {header}
          <div role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} className="menu__list">
            {items.map((item) => {
              const content = (
                <>
                  {item.icon ? <span className="menu__icon">{item.icon}</span> : null}
                  <span className="menu__label" lang={item.lang}>
                    {item.label}
                  </span>
                  {radio && item.checked ? <CheckIcon size={16} className="menu__check" /> : null}
                </>
              );
              const cls = `menu__item${item.danger ? ' menu__item--danger' : ''}`;
              return item.to ? (
                <Link
                  key={item.key}
                  to={item.to}
                  role={role}
                  className={cls}
                  tabIndex={-1}
                  data-menu-item
                  onClick={() => close(false)}
                  data-testid={item.testId}
                >
                  {content}
                </Link>
              ) : (
                <button
                  key={item.key}
                  type="button"
                  role={role}
                  aria-checked={radio ? Boolean(item.checked) : undefined}
                  className={cls}
                  tabIndex={-1}
                  data-menu-item
                  onClick={() => {
                    close(true);
                    item.onSelect?.();
                  }}
                  data-testid={item.testId}
                >
                  {content}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
