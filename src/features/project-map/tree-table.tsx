// Field/value table of one tree (§2) with the §9 number formats and its widgets.
// Status first; plot and irrigation area by name; crop in the UI's language;
// N/P/K with their class by the crop's range and vitality with its class, in words.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cropKey, nutrientClass, type ResolvedNpkRanges } from '../../../workers/geo/npk-ranges';
import { STATUS_MISSING } from '../../../workers/geo/types';
import { parseLooseNumber, vitalityClass } from '../../../workers/geo/values';
import { cropName } from '../../domain/crop-names';
import { FIELD_KINDS, formatField } from './format';
import { CanopyBar, NpkRangeBar, VitalityWidget } from './widgets';

export type TreeValues = Record<string, string | number | null>;

/** The rows in the order a grower reads them: what is wrong first, then where the tree is, then its measures. */
export const TREE_ROWS = [
  'tree_status',
  'tree_id',
  'plot_id',
  'irrigation_area_id',
  'row_num',
  'tree_num',
  'crop_name',
  'planting_date',
  'n_mean',
  'p_mean',
  'k_mean',
  'canopy_diameter',
  'biomass',
] as const;

/** Names of the survey's plots and irrigation areas by their id (as the tree carries it). */
export interface ZoneNames {
  plots: ReadonlyMap<string, string>;
  areas: ReadonlyMap<string, string>;
}

interface Props {
  /** The tree in this survey (null: a comparison's tree that only the compared survey has). */
  values: TreeValues | null;
  /** While comparing: the same tree in the compared survey, side by side (values null: not in it). */
  compared?: { values: TreeValues | null; label: string } | null;
  npkRanges: ResolvedNpkRanges;
  vitality: { lo: number; hi: number };
  zoneNames: ZoneNames;
  locale: string;
}

interface Cell {
  text: string;
  /** Words beside the value: a class by the crop's range, a vitality class. */
  note?: string;
}

function cell(v: TreeValues, f: (typeof TREE_ROWS)[number], p: Pick<Props, 'npkRanges' | 'vitality' | 'zoneNames' | 'locale'>, t: TFunction): Cell {
  const x = v[f] ?? null;
  const missing = v.tree_status === STATUS_MISSING;
  switch (f) {
    case 'tree_status':
      return { text: x === null ? '—' : t(`status.${x}`, { defaultValue: String(x) }) };
    case 'plot_id':
    case 'irrigation_area_id': {
      if (x === null || x === '') return { text: '—' };
      const names = f === 'plot_id' ? p.zoneNames.plots : p.zoneNames.areas;
      return { text: names.get(String(x)) ?? String(x) };
    }
    case 'crop_name':
      return { text: cropName(x === null ? null : String(x), p.locale) || '—' };
    case 'n_mean':
    case 'p_mean':
    case 'k_mean': {
      const n = f[0] as 'n' | 'p' | 'k';
      const value = parseLooseNumber(x);
      const range = p.npkRanges[cropKey(v.crop_name === null || v.crop_name === undefined ? null : String(v.crop_name))]?.[n];
      const cls = missing || !range ? null : nutrientClass(value, range.lower, range.upper);
      return { text: formatField(x, 'npk', p.locale), note: cls ? t(`widgets.${cls}`) : undefined };
    }
    case 'canopy_diameter':
      return { text: x === null || x === '' ? '—' : t('units.metres', { value: formatField(x, 'number1', p.locale) }) };
    case 'biomass': {
      const value = parseLooseNumber(x);
      const ok = !missing && value >= 0;
      return { text: formatField(x, 'number', p.locale), note: ok ? t(`widgets.vigour.${vitalityClass(value, p.vitality)}`) : undefined };
    }
    default:
      return { text: formatField(x, FIELD_KINDS[f] ?? 'text', p.locale) };
  }
}

function ValueCell({
  values,
  field,
  testId,
  ...p
}: Pick<Props, 'npkRanges' | 'vitality' | 'zoneNames' | 'locale'> & { values: TreeValues | null; field: (typeof TREE_ROWS)[number]; testId: string }) {
  const { t } = useTranslation('project-map');
  const c = values ? cell(values, field, p, t) : { text: '—' };
  // A plot's or irrigation area's name is data, shown as entered.
  const data = field === 'plot_id' || field === 'irrigation_area_id';
  return (
    <td translate={data ? 'no' : undefined}>
      <bdi data-testid={testId} data-raw={values?.[field] ?? ''}>
        {c.text}
      </bdi>
      {c.note && (
        <span className="pm-tree__class" data-testid={`${testId}-class`}>
          {' '}
          {c.note}
        </span>
      )}
    </td>
  );
}

export function TreeTable({ values: own, compared, npkRanges, vitality, zoneNames, locale }: Props) {
  const { t } = useTranslation('project-map');
  const values = own ?? compared?.values ?? {};
  const ranges = npkRanges[cropKey(values.crop_name === null || values.crop_name === undefined ? null : String(values.crop_name))];
  const shared = { npkRanges, vitality, zoneNames, locale };
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
          {TREE_ROWS.map((f) => (
            <tr key={f} data-field={f}>
              <th scope="row">{t(`fields.${f}`)}</th>
              <ValueCell values={own} field={f} testId={`tree-${f}`} {...shared} />
              {compared &&
                (compared.values || f !== 'tree_id' ? (
                  <ValueCell values={compared.values} field={f} testId={`tree-compared-${f}`} {...shared} />
                ) : (
                  <td data-testid={`tree-compared-${f}`} data-raw="">
                    {t('compare.notInCompared')}
                  </td>
                ))}
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
