// Field/value table of one tree (§2) with the §9 number formats and its widgets.
import { useTranslation } from 'react-i18next';
import type { ResolvedNpkRanges } from '../../../workers/geo/npk-ranges';
import { cropKey } from '../../../workers/geo/npk-ranges';
import { FIELD_KINDS, formatField } from './format';
import { CanopyBar, NpkRangeBar, VitalityWidget } from './widgets';

export type TreeValues = Record<string, string | number | null>;

const SHOWN = [
  'tree_id',
  'row_num',
  'tree_num',
  'planting_date',
  'tree_status',
  'crop_name',
  'n_mean',
  'p_mean',
  'k_mean',
  'n_classification_label',
  'p_classification_label',
  'k_classification_label',
  'canopy_diameter',
  'canopy_classification_label',
  'biomass',
  'biomass_label',
  'irrigation_area_id',
  'plot_id',
];

interface Props {
  /** The tree in this survey (null: a comparison's tree that only the compared survey has). */
  values: TreeValues | null;
  /** While comparing: the same tree in the compared survey, side by side (values null: not in it). */
  compared?: { values: TreeValues | null; label: string } | null;
  npkRanges: ResolvedNpkRanges;
  vitality: { lo: number; hi: number };
  locale: string;
}

export function TreeTable({ values: own, compared, npkRanges, vitality, locale }: Props) {
  const { t } = useTranslation('project-map');
  const values = own ?? compared?.values ?? {};
  const ranges = npkRanges[cropKey(values.crop_name === null || values.crop_name === undefined ? null : String(values.crop_name))];
  const show = (v: TreeValues | null, f: string) => {
    if (!v) return '—';
    const x = v[f];
    if (f === 'tree_status' && x !== null && x !== undefined) return t(`status.${x}`, { defaultValue: String(x) });
    return formatField(x ?? null, FIELD_KINDS[f] ?? 'text', locale);
  };
  return (
    <div className="pm-tree" data-testid="pm-tree">
      {own === null && (
        <p className="pm-tree__note" role="status">
          {t('compare.onlyCompared')}
        </p>
      )}
      <table className="pm-tree__table">
        <thead>
          <tr>
            <th>{t('info.field')}</th>
            <th>{compared ? t('compare.thisSurvey') : t('info.value')}</th>
            {compared && <th data-testid="tree-compared-head">{compared.label}</th>}
          </tr>
        </thead>
        <tbody>
          {SHOWN.map((f) => (
            <tr key={f} data-field={f}>
              <th scope="row">{t(`fields.${f}`)}</th>
              <td data-testid={`tree-${f}`} data-raw={own?.[f] ?? ''} dir="auto">
                {show(own, f)}
              </td>
              {compared && (
                <td data-testid={`tree-compared-${f}`} data-raw={compared.values?.[f] ?? ''} dir="auto">
                  {compared.values || f !== 'tree_id' ? show(compared.values, f) : t('compare.notInCompared')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pm-tree__widgets">
        {(['n', 'p', 'k'] as const).map((k) => (
          <NpkRangeBar
            key={k}
            label={k.toUpperCase()}
            value={values[`${k}_mean`]}
            lower={ranges?.[k].lower ?? NaN}
            upper={ranges?.[k].upper ?? NaN}
            locale={locale}
          />
        ))}
        <VitalityWidget value={values.tree_status === 4 ? null : values.biomass} min={vitality.lo} max={vitality.hi} locale={locale} />
        <CanopyBar value={values.tree_status === 4 ? null : values.canopy_diameter} locale={locale} />
      </div>
    </div>
  );
}
