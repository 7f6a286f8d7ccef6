import { useTranslation } from 'react-i18next';
import type { AdminPlot } from '../../../api/admin-projects';

/** Crop types detected from the selected plots that have irrigation areas (admin.md §3). */
export function detectedCrops(plots: AdminPlot[], selected: number[]): string[] {
  const names = plots
    .filter((p) => selected.includes(p.plot_id) && p.irrigation_area_count > 0 && p.crop_name)
    .map((p) => (p.crop_type_name ? `${p.crop_type_name} (${p.crop_name})` : (p.crop_name as string)));
  return [...new Set(names)].sort();
}

export function PlotChecklist({ plots, selected, onChange }: { plots: AdminPlot[]; selected: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('admin.projects');
  return (
    <div className="form-checks" data-testid="project-plots">
      {plots.map((p) => (
        <label key={p.plot_id}>
          <input
            type="checkbox"
            checked={selected.includes(p.plot_id)}
            onChange={() => onChange(selected.includes(p.plot_id) ? selected.filter((x) => x !== p.plot_id) : [...selected, p.plot_id])}
          />
          <span>
            {p.plot_name}{' '}
            <small>
              ({p.crop_name ?? '—'}, {p.plot_area ?? '—'} {t('ha')})
            </small>
          </span>
        </label>
      ))}
    </div>
  );
}
