/**
 * Modal — the one dialog component (admin.md §4), on the native <dialog> opened
 * with showModal(): the page behind is inert (no clicks, no focus, hidden from
 * screen readers) and does not scroll. Only one is open at a time (opening
 * another closes the previous); Escape, a press on the backdrop or the close
 * button close it; focus starts on the first field and returns to the opener.
 *
 * Usage:
 *   <Modal open={mode === 'edit'} title={t('editClient')} onClose={() => setMode(null)}
 *     footer={<button className="btn btn--primary" form="client-form">{t('save')}</button>}>
 *     <form id="client-form" onSubmit={save}>…</form>
 *   </Modal>
 * `size="wide"` for larger forms, `size="sheet"` for a bottom sheet; `testId` lands on the dialog element;
 * `role="alertdialog"` for a confirmation that interrupts (ConfirmDialog).
 */
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
  /** 'sheet': a bottom sheet on a phone (the map's "More" actions, issue 35). */
  size?: 'normal' | 'wide' | 'sheet';
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that describes the dialog (an alertdialog's message). */
  describedBy?: string;
}

// The single open modal: a newly opened one closes it first.
let active: { id: string; close: () => void } | null = null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, onClose, children, footer, size = 'normal', testId, role, describedBy }: ModalProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Before the first paint: the dialog never shows un-modal (without backdrop) for a frame.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (active && active.id !== id) active.close();
    active = { id, close: () => onCloseRef.current() };
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    document.documentElement.classList.add('modal-open');
    // Focus the first field (not the close button) so typing can start at once.
    const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    (focusables.find((el) => !el.classList.contains('modal__close')) ?? focusables[0] ?? dialog).focus();
    // Escape: the parent decides (it unmounts the dialog), the browser does not close it behind React's back.
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (active?.id === id) active = null;
      if (!document.querySelector('dialog[open]')) document.documentElement.classList.remove('modal-open');
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, id]);

  if (!open) return null;
  return createPortal(
    // A press on the backdrop (the dialog element itself, outside its panel) closes it; by keyboard Escape does.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      data-testid={testId}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="modal__close" aria-label={t('ui.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
