import { useTranslation } from 'react-i18next';

interface Props {
  featureName: string | null;
  layerName: string | null;
  projectName: string;
  onBack: () => void;
}

/** feature › layer › project, with the two-step back button (§2). */
export function PathBar({ featureName, layerName, projectName, onBack }: Props) {
  const { t } = useTranslation('project-map');
  // The layer's name is UI text; the feature's and the project's are data.
  const parts = [
    [featureName, true],
    [layerName, false],
    [projectName, true],
  ].filter((p): p is [string, boolean] => !!p[0]);
  return (
    <div className="pm-path" data-testid="pm-path">
      <button type="button" className="pm-path__back" onClick={onBack} aria-label={t('back')} data-testid="pm-back">
        <span aria-hidden="true" className="pm-path__arrow">
          ‹
        </span>
      </button>
      <ol className="pm-path__crumbs">
        {parts.map(([p, data], i) => (
          <li key={i} className="pm-path__crumb" dir="auto" translate={data ? 'no' : undefined}>
            {p}
          </li>
        ))}
      </ol>
    </div>
  );
}
