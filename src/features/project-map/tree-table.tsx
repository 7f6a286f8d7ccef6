// Field/value table of one tree (§2) with the §9 number formats and its widgets.
import { useTranslation } from 'react-i18next';
import type { ResolvedNpkRanges } from '../../../workers/geo/npk-ranges';
import { cropKey } from '../../../workers/geo/npk-ranges';
import { FIELD_KINDS, formatField } from './format';
import { CanopyBar, NpkRangeBar, VitalityWidget } from './widgets';

export type TreeValues = Record<string, string | number | null>;

const SHOWN = [
  'tree_id', 'row_num', 'tree_num', 'planting_date', 'tree_status', 'crop_name', 'n_mean', 'p_mean', 'k_mean',
  'n_classification_label', 'p_classification_label', 'k_classification_label', 'canopy_diameter',
  'canopy_classification_label', 'biomass', 'biomass_label', 'irrigation_area_id', 'plot_id',
];

interface Props {
  values: TreeValues;
  npkRanges: ResolvedNpkRanges;
  vitality: { lo: number; hi: number };
  locale: string;
}

export function TreeTable({ values, npkRanges, vitality, locale }: Props) {
  const { t } = useTranslation('project-map');
  const ranges = npkRanges[cropKey(values.crop_name === null ? null : String(values.crop_name))];
  const show = (f: string) => {
    const v = values[f];
    if (f === 'tree_status' && v !== null && v !== undefined) return t(`status.${v}`, { defaultValue: String(v) });
    return formatField(v, FIELD_KINDS[f] ?? 'text', locale);
  };
  return (
    <div className="pm-tree" data-testid="pm-tree">
      <table className="pm-tree__table">
        <thead><tr><th>{t('info.field')}</th><th>{t('info.value')}</th></tr></thead>
        <tbody>
          {SHOWN.map((f) => (
            <tr key={f} data-field={f}>
              <th scope="row">{t(`fields.${f}`)}</th>
              <td data-testid={`tree-${f}`} data-raw={values[f] ?? ''} dir="auto">{show(f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pm-tree__widgets">
        {(['n', 'p', 'k'] as const).map((k) => (
          <NpkRangeBar key={k} label={k.toUpperCase()} value={values[`${k}_mean`]} lower={ranges?.[k].lower ?? NaN} upper={ranges?.[k].upper ?? NaN} locale={locale} />
        ))}
        <VitalityWidget value={values.tree_status === 4 ? null : values.biomass} min={vitality.lo} max={vitality.hi} locale={locale} />
        <CanopyBar value={values.tree_status === 4 ? null : values.canopy_diameter} locale={locale} />
      </div>
    </div>
  );
}
