import { useTranslation } from 'react-i18next';
import type { StepKey } from './use-project-data';

export function LoadingOverlay({ progress, step }: { progress: number; step: StepKey }) {
  const { t } = useTranslation('project-map');
  return (
    <div className="pm-loading" role="dialog" aria-modal="true" aria-label={t('loading.title')} data-testid="pm-loading">
      <div className="pm-loading__box">
        <div className="pm-loading__title">{t('loading.title')}</div>
        <div
          className="pm-loading__bar"
          role="progressbar"
          aria-label={t(`loading.${step}`)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          data-progress={progress}
        >
          <div className="pm-loading__fill" style={{ inlineSize: `${progress}%` }} />
        </div>
        <div className="pm-loading__text">
          <span data-testid="pm-loading-step">{t(`loading.${step}`)}</span>
          <span data-testid="pm-loading-percent">{progress}%</span>
        </div>
      </div>
    </div>
  );
}
