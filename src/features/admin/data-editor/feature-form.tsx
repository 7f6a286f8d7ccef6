import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Geometry } from 'geojson';
import { Modal } from '../../../components/modal';
import { Field, useForm } from '../../../components/form';
import { createFeature, updateFeature, type EditorFeature, type EditorType, type Options } from '../../../api/admin-data';
import { ApiError } from '../../../api/errors';
import { errorText } from '../../../api/error-text';
import { parseGeometryInput } from '../../../domain/geometry-validation';
import { AREA_NAME } from '../../../domain/field-rules';
import { formatWkt } from '../../../domain/wkt';
import { plotOverlaps, type Overlap, type OverlapTarget } from '../../../../workers/geo/overlap';

// The plot / irrigation-area / tree form (admin.md §5), in a modal. Two
// variants: 'table' (Add/Edit from the tables: the data-editor messages) and
// 'map' (after drawing: the drawing form's messages, crop/breed required).
// WKT is parsed and checked here and again on the server.

interface Values {
  name: string;
  crop_id: string;
  plot_area: string;
  geom: string;
  row_num: string;
  tree_num: string;
  breed_id: string;
  planting_date: string;
}

export interface FeatureFormProps {
  type: EditorType;
  variant: 'table' | 'map';
  editing: EditorFeature | null;
  drawn?: Geometry | null;
  options: Options;
  clientId: number | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
  /** The client's other plots: a plot that overlaps one is saved only after the admin confirms. */
  otherPlots?: readonly OverlapTarget[];
}

function initialValues(type: EditorType, f: EditorFeature | null, drawn?: Geometry | null): Values {
  const p = (f?.properties ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const geom = drawn ? formatWkt(drawn) : f ? formatWkt(f.geometry) : '';
  return {
    name: s(type === 'plot' ? p.plot_name : p.irrigation_area_name),
    crop_id: s(p.crop_id),
    plot_area: s(p.plot_area),
    geom,
    row_num: s(p.row_num),
    tree_num: s(p.tree_num),
    breed_id: s(p.breed_id),
    planting_date: s(p.planting_date),
  };
}

export function FeatureForm(props: FeatureFormProps) {
  const { type, variant, editing, drawn, options, clientId } = props;
  const { t } = useTranslation('admin.data-editor');
  const form = useForm<Values>(initialValues(type, editing, drawn));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The overlaps the admin was warned about for this geometry (saving again confirms them).
  const [overlaps, setOverlaps] = useState<{ geom: string; list: Overlap[] } | null>(null);
  const v = form.values;
  const typeLabel = t(`types.${type}`);
  const noGeometry = variant === 'map' && !drawn && !editing;

  const check = (): Record<string, string> => {
    const e: Record<string, string> = {};
    const m = (k: string) => t(`form.msg.${k}`);
    const int = (s: string) => (s.trim() === '' ? null : Number(s));
    if (type === 'plot') {
      if (!v.name.trim()) e.name = m('plotName');
      if (variant === 'map' && !v.crop_id) e.crop_id = m('crop');
      if (v.plot_area.trim() !== '' && !(Number(v.plot_area) > 0)) e.plot_area = m('area');
    } else if (type === 'irrigation') {
      if (!v.name.trim()) e.name = m('areaName');
    } else {
      const row = int(v.row_num),
        tree = int(v.tree_num);
      if (variant === 'map') {
        if (!(row !== null && Number.isInteger(row) && row >= 1)) e.row_num = m('validRow');
        if (!(tree !== null && Number.isInteger(tree) && tree >= 1)) e.tree_num = m('validTree');
        if (!v.breed_id) e.breed_id = m('breed');
      } else {
        if (row === null) e.row_num = m('row');
        else if (!(row > 0) || !Number.isInteger(row)) e.row_num = m('rowPositive');
        if (tree === null) e.tree_num = m('tree');
        else if (!(tree > 0) || !Number.isInteger(tree)) e.tree_num = m('treePositive');
      }
    }
    if (!v.geom.trim()) e.geom = m('geom');
    else {
      const g = parseGeometryInput(v.geom, type);
      if (!g.ok) e.geom = g.error;
    }
    if (variant === 'map' && !clientId) e.geom = e.geom ?? m('client');
    return e;
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const errors = check();
    Object.keys(v).forEach((k) => form.setError(k, errors[k] ?? null));
    if (Object.keys(errors).length) return;
    if (type === 'plot' && overlaps?.geom !== v.geom) {
      const g = parseGeometryInput(v.geom, 'plot');
      const list = g.ok
        ? plotOverlaps(
            g.geometry,
            (props.otherPlots ?? []).filter((o) => o.id !== editing?.properties.id),
          )
        : [];
      if (list.length) return setOverlaps({ geom: v.geom, list });
    }
    const num = (s: string) => (s.trim() === '' ? null : Number(s));
    const body =
      type === 'plot'
        ? { plot_name: v.name.trim(), crop_id: num(v.crop_id), plot_area: num(v.plot_area), geom: v.geom }
        : type === 'irrigation'
          ? { irrigation_area_name: v.name.trim(), geom: v.geom }
          : { row_num: Number(v.row_num), tree_num: Number(v.tree_num), breed_id: num(v.breed_id), planting_date: v.planting_date || null, geom: v.geom };
    setSaving(true);
    setError(null);
    try {
      if (editing) await updateFeature(type, editing.properties.id, { ...body, version: editing.properties.version });
      else await createFeature(type, { ...body, client_id: clientId ?? undefined } as never);
      props.onSaved(variant === 'map' ? t('notices.created') : t('notices.saved'));
    } catch (e) {
      const err = e as ApiError;
      form.setServerErrors(err);
      const mode = t(`typesLower.${type}`);
      const head = variant === 'map' ? t('errors.saveFeature') : t(editing ? 'errors.update' : 'errors.create', { mode });
      setError(err.serverMessage ? `${head} ${errorText(err, t)}` : head);
    } finally {
      setSaving(false);
    }
  };

  const title =
    variant === 'map' && !editing ? t('modal.drawnTitle', { type: typeLabel }) : t(editing ? 'modal.editTitle' : 'modal.addTitle', { type: typeLabel });
  const formId = `data-editor-form-${type}`;
  return (
    <Modal
      open
      title={title}
      onClose={props.onCancel}
      testId="feature-form"
      footer={
        <>
          <button type="button" className="btn" onClick={props.onCancel} disabled={saving}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" form={formId} disabled={saving || noGeometry} data-testid="feature-save">
            {saving
              ? t('form.saving')
              : overlaps?.geom === v.geom
                ? t('overlap.saveAnyway')
                : variant === 'map'
                  ? t('form.saveType', { type: typeLabel })
                  : t('form.save')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="feature-form">
        {error && (
          <p className="feature-form__error" role="alert" data-testid="feature-form-error">
            {error}
          </p>
        )}
        {overlaps?.geom === v.geom && (
          <div className="feature-form__warning" role="alert" data-testid="overlap-warning">
            <p>{t('overlap.warning', { count: overlaps.list.length })}</p>
            <ul>
              {overlaps.list.map((o) => (
                <li key={o.id}>
                  <bdi>{o.name}</bdi>: <bdi>{t('overlap.area', { ha: o.areaHa.toFixed(2) })}</bdi>
                </li>
              ))}
            </ul>
            <p>{t('overlap.confirm')}</p>
          </div>
        )}
        {noGeometry && (
          <p className="feature-form__hint" data-testid="draw-first">
            {t('form.drawFirst')}
          </p>
        )}
        {type === 'plot' && (
          <>
            <Field form={form} name="name" label={t('form.plotName')} required>
              <input {...form.input('name')} maxLength={AREA_NAME.max} />
            </Field>
            <Field form={form} name="crop_id" label={t('form.crop')} required={variant === 'map'}>
              <select {...form.input('crop_id')}>
                <option value="">{t('form.selectCrop')}</option>
                {options.crops.map((c) => (
                  <option key={c.crop_id} value={c.crop_id}>
                    {c.crop_name}
                  </option>
                ))}
              </select>
            </Field>
            <Field form={form} name="plot_area" label={t('form.area')} hint={t('form.areaHint')}>
              <input {...form.input('plot_area')} type="number" step="0.01" min="0" />
            </Field>
          </>
        )}
        {type === 'irrigation' && (
          <Field form={form} name="name" label={t('form.areaName')} required hint={t('form.autoPlot')}>
            <input {...form.input('name')} maxLength={AREA_NAME.max} />
          </Field>
        )}
        {type === 'tree' && (
          <>
            <Field form={form} name="row_num" label={t('form.row')} required>
              <input {...form.input('row_num')} type="number" min="1" step="1" />
            </Field>
            <Field form={form} name="tree_num" label={t('form.treeNum')} required>
              <input {...form.input('tree_num')} type="number" min="1" step="1" />
            </Field>
            <Field form={form} name="breed_id" label={t('form.breed')} required={variant === 'map'}>
              <select {...form.input('breed_id')}>
                <option value="">{t('form.selectBreed')}</option>
                {options.breeds.map((b) => (
                  <option key={b.breed_id} value={b.breed_id}>
                    {b.breed_name}
                  </option>
                ))}
              </select>
            </Field>
            <Field form={form} name="planting_date" label={t('form.planting')}>
              <input {...form.input('planting_date')} type="date" />
            </Field>
          </>
        )}
        <Field
          form={form}
          name="geom"
          label={t('form.geom')}
          required
          hint={type === 'tree' ? `${t('form.autoTree')} ${t('form.geomPointHint')}` : t('form.geomPolygonHint')}
        >
          <textarea {...form.input('geom')} rows={type === 'tree' ? 2 : 4} dir="ltr" spellCheck={false} />
        </Field>
      </form>
    </Modal>
  );
}
