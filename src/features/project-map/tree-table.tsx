// Field/value table of one tree (§2) with the §9 number formats and its widgets.
// Status first; plot and irrigation area by name; crop in the UI's language;
// N/P/K with their class by the crop's range and vitality with its class, in words.
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cropKey, nutrientClass, type ResolvedNpkRanges } from '../../../workers/geo/npk-ranges';
import { STATUS_MISSING } from '../../../workers/geo/types';
import { isValidMeasure, parseLooseNumber, parseStatus, vitalityClass } from '../../../workers/geo/values';
import { panelFields, TREE_FIELDS, type TreeFieldList, type TreeFieldSpec } from '../../../workers/geo/fields';
import { cropName } from '../../domain/crop-names';
import { formatValue } from './format';
import { CanopyBar, NpkRangeBar, VitalityWidget } from './widgets';

export type TreeValues = Record<string, string | number | null>;

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
  /** The fields (workers/geo/fields.ts); its panel rows in their order: status first, then place, then measures. */
  fields?: TreeFieldList;
}

interface Cell {
  text: string;
  /** Words beside the value: a class by the crop's range, a vitality class. */
  note?: string;
}

function cell(v: TreeValues, f: TreeFieldSpec, p: Pick<Props, 'npkRanges' | 'vitality' | 'zoneNames' | 'locale'>, t: TFunction): Cell {
  const x = v[f.key] ?? null;
  const missing = v.tree_status === STATUS_MISSING;
  if (f.store === 'status') return { text: x === null ? '—' : t(`status.${x}`, { defaultValue: String(x) }) };
  if (f.refers === 'plot' || f.refers === 'area') {
    if (x === null || x === '') return { text: '—' };
    return { text: (f.refers === 'plot' ? p.zoneNames.plots : p.zoneNames.areas).get(String(x)) ?? String(x) };
  }
  if (f.refers === 'crop') return { text: cropName(x === null ? null : String(x), p.locale) || '—' };
  const text = formatValue(x, f, p.locale);
  const value = parseLooseNumber(x);
  const shown = f.unit === 'metre' && text !== '—' ? t('units.metres', { value: text }) : text;
  if (f.classify === 'nutrient') {
    const n = f.key[0] as 'n' | 'p' | 'k';
    const range = p.npkRanges[cropKey(v.crop_name === null || v.crop_name === undefined ? null : String(v.crop_name))]?.[n];
    const cls = missing || !range ? null : nutrientClass(value, range.lower, range.upper);
    return { text: shown, note: cls ? t(`widgets.${cls}`) : undefined };
  }
  if (f.classify === 'vitality')
    return { text: shown, note: isValidMeasure(value, Number(v.tree_status ?? 5)) ? t(`widgets.vigour.${vitalityClass(value, p.vitality)}`) : undefined };
  return { text: shown };
}

function ValueCell({
  values,
  field,
  testId,
  ...p
}: Pick<Props, 'npkRanges' | 'vitality' | 'zoneNames' | 'locale'> & { values: TreeValues | null; field: TreeFieldSpec; testId: string }) {
  const { t } = useTranslation('project-map');
  const c = values ? cell(values, field, p, t) : { text: '—' };
  // A plot's or irrigation area's name is data, shown as entered.
  const data = field.refers === 'plot' || field.refers === 'area';
  return (
    <td translate={data ? 'no' : undefined}>
      <bdi data-testid={testId} data-raw={values?.[field.key] ?? ''}>
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

export function TreeTable({ values: own, compared, npkRanges, vitality, zoneNames, locale, fields = TREE_FIELDS }: Props) {
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
          {panelFields(fields).map((f) => (
            <tr key={f.key} data-field={f.key}>
              <th scope="row">{t(`fields.${f.key}`)}</th>
              <ValueCell values={own} field={f} testId={`tree-${f.key}`} {...shared} />
              {compared &&
                (compared.values || f.key !== 'tree_id' ? (
                  <ValueCell values={compared.values} field={f} testId={`tree-compared-${f.key}`} {...shared} />
                ) : (
                  <td data-testid={`tree-compared-${f.key}`} data-raw="">
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
        <VitalityWidget value={values.biomass} status={parseStatus(values.tree_status)} min={vitality.lo} max={vitality.hi} locale={locale} />
        <CanopyBar value={values.canopy_diameter} status={parseStatus(values.tree_status)} locale={locale} />
      </div>
    </div>
  );
}
