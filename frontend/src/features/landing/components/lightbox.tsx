import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons/close';
import { ALL_NS } from '../../../locales/resources';

/**
 * A full-screen view of one screenshot on a native modal <dialog>: focus moves to the close button and stays inside,
 * Escape, the close button and a click on the backdrop close it, and focus returns to what opened it.
 */
export function Lightbox({ image, onClose }: { image: { src: string; alt: string; caption: string } | null; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (image && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      document.body.classList.add('modal-open');
    } else if (!image && dialog.open) {
      dialog.close();
    }
  }, [image]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClosed = () => {
      document.body.classList.remove('modal-open');
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
    dialog.addEventListener('close', onClosed);
    return () => dialog.removeEventListener('close', onClosed);
  }, []);

  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={t('landing:screenshots.lightbox')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget || (e.target as HTMLElement).classList.contains('lightbox__stage')) onClose();
      }}
      data-testid="lightbox"
    >
      {image ? (
        <div className="lightbox__stage">
          <button
            type="button"
            className="lightbox__close"
            onClick={onClose}
            aria-label={t('landing:screenshots.close')}
            autoFocus
            data-testid="lightbox-close"
          >
            <CloseIcon size={24} />
          </button>
          <figure className="lightbox__figure">
            <img src={image.src} alt={image.alt} width={1280} height={800} />
            <figcaption>{image.caption}</figcaption>
          </figure>
        </div>
      ) : null}
    </dialog>
  );
}
