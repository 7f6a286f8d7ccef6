/**
 * Modal — the one dialog component (admin.md §4): only one open at a time
 * (opening another closes the previous), Escape / overlay click / the close
 * button close it, Tab stays inside, focus returns to the opener on close.
 *
 * Usage:
 *   <Modal open={mode === 'edit'} title={t('editClient')} onClose={() => setMode(null)}
 *     footer={<button className="btn btn--primary" form="client-form">{t('save')}</button>}>
 *     <form id="client-form" onSubmit={save}>…</form>
 *   </Modal>
 * `size="wide"` for larger forms; `testId` lands on the dialog element.
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
  size?: 'normal' | 'wide';
  testId?: string;
}

// The single open modal: a newly opened one closes it first.
let active: { id: string; close: () => void } | null = null;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, onClose, children, footer, size = 'normal', testId }: ModalProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    if (active && active.id !== id) active.close();
    active = { id, close: () => onCloseRef.current() };
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // Focus the first field (not the close button) so typing can start at once.
    const focusables = dialog ? Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
    (focusables.find((el) => !el.classList.contains('modal__close')) ?? focusables[0] ?? dialog)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !dialog) return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) return e.preventDefault();
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (active?.id === id) active = null;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, id]);

  if (!open) return null;
  return createPortal(
    // A press on the backdrop closes the dialog; by keyboard Escape does (handled above).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal__header">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="modal__close" aria-label={t('ui.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
