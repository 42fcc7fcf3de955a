import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons/close';
import { ALL_NS } from '../locales/resources';

/**
 * A modal dialog on the native <dialog> element: focus moves in and is kept there, Escape and a click
 * on the backdrop close it, and focus goes back to the opener when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      document.body.classList.add('modal-open');
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]');
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClosed = () => {
      document.body.classList.remove('modal-open');
      const el = opener.current;
      if (el instanceof HTMLElement) el.focus();
    };
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('close', onClosed);
      document.body.classList.remove('modal-open');
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      {open ? (
        <div className="modal__panel">
          <header className="modal__header">
            <div>
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
              {description ? (
                <p id={descId} className="modal__description">
                  {description}
                </p>
              ) : null}
            </div>
            <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common:actions.close')}>
              <CloseIcon size={20} />
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer ? <footer className="modal__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
