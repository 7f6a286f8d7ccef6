import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';

/** Title and close button of the map's floating panels (layers, surveys, export). */
export function PanelHeader({ title, onClose, closeTestId }: { title: string; onClose: () => void; closeTestId?: string }) {
  const { t } = useTranslation('project-map');
  return (
    <header className="pm-layers__header">
      <h2>{title}</h2>
      <button type="button" className="pm-close" onClick={onClose} aria-label={t('layers.close')} data-testid={closeTestId}>
        <X aria-hidden="true" focusable="false" size={20} />
      </button>
    </header>
  );
}
