// Prescription (issue 14): a rate per class of a layer, per plot, irrigation
// area or grid cell. The worker computes the zones, rates and quantities as the
// grower types (the map draws them coloured by rate); the files are the API call
// POST /api/projects/{id}/prescriptions with the same inputs.
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Isolate } from '../../components/bidi';
import { downloadFile } from '../../api/download';
import { errorText } from '../../api/error-text';
import type { GeoClient } from '../../map/geo-client';
import { RELATIVE_COLOURS, rateColourIn } from '../../../workers/geo/colours';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import {
  GRID_MAX_M,
  GRID_MIN_M,
  PRESCRIPTION_FORMATS,
  PRESCRIPTION_LAYERS,
  RATE_UNITS,
  TERMINAL_PROFILES,
  ZONE_UNITS,
  layerClasses,
  type PrescriptionFormat,
  type PrescriptionInput,
  type PrescriptionLayer,
  type RateUnit,
  type TerminalProfile,
  type ZoneUnit,
} from '../../../workers/geo/prescription-input';
import { PanelHeader } from './panel-header';

interface Props {
  projectId: number;
  client: RefObject<GeoClient | null>;
  /** Changes when the survey's trees are reloaded: the preview is made again. */
  dataKey: string;
  onPreview: (p: PrescriptionPreview | null) => void;
  onClose: () => void;
}

/** Starting rates: most product where the layer is lowest. */
const startRates = (layer: PrescriptionLayer) => (layerClasses(layer).length === 3 ? [60, 40, 20] : [60, 50, 40, 30, 20, 10]);
const css = (c: readonly number[]) => `rgb(${c[0]} ${c[1]} ${c[2]})`;

function Choice<T extends string>(p: { label: string; value: T; options: readonly T[]; text: (v: T) => string; onChange: (v: T) => void; testId: string }) {
  return (
    <label>
      {p.label}
      <select value={p.value} onChange={(e) => p.onChange(e.target.value as T)} data-testid={p.testId}>
        {p.options.map((o) => (
          <option key={o} value={o}>
            {p.text(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A rate: a number ≥ 0 (NaN while the field is empty, which the panel reports). */
function RateInput(p: { value: number; onChange: (v: number) => void; testId: string; children: ReactNode }) {
  return (
    <label>
      {p.children}
      <input
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={Number.isFinite(p.value) ? p.value : ''}
        onChange={(e) => p.onChange(e.target.valueAsNumber)}
        data-testid={p.testId}
      />
    </label>
  );
}

export function PrescriptionPanel(p: Props) {
  const { t, i18n } = useTranslation('project-map');
  const [layer, setLayer] = useState<PrescriptionLayer>('n');
  const [unit, setUnit] = useState<ZoneUnit>('irrigation_area');
  const [gridSize, setGridSize] = useState(10);
  const [product, setProduct] = useState('');
  const [rateUnit, setRateUnit] = useState<RateUnit>('kg/ha');
  const [rates, setRates] = useState<number[]>(() => startRates('n'));
  const [defaultRate, setDefaultRate] = useState(40);
  const [profile, setProfile] = useState<TerminalProfile>('generic');
  const [preview, setPreview] = useState<PrescriptionPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<PrescriptionFormat | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const { onPreview, client } = p;

  const gridOk = unit !== 'grid' || (gridSize >= GRID_MIN_M && gridSize <= GRID_MAX_M);
  const ratesOk = [...rates, defaultRate].every((r) => Number.isFinite(r) && r >= 0);
  // Invalid input shows no preview and offers no file until it is valid again (issue 31).
  const valid = gridOk && ratesOk;
  const shown = valid ? preview : null;
  const input: PrescriptionInput = { layer, unit, gridSize: unit === 'grid' ? gridSize : undefined, product: product.trim(), rateUnit, rates, defaultRate };
  const key = JSON.stringify(input);

  useEffect(() => {
    if (!valid) {
      onPreview(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      const c = client.current;
      if (!c) return;
      void c.prescription(JSON.parse(key) as PrescriptionInput).then(
        (r) => {
          if (!live) return;
          if ('error' in r) {
            setProblem(t(`prescription.errors.${r.error}`));
            setPreview(null);
            onPreview(null);
            return;
          }
          setProblem(null);
          setPreview(r);
          onPreview(r);
        },
        (e: unknown) => live && setProblem(String(e)),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, valid, client, onPreview, t, p.dataKey]);
  useEffect(() => () => onPreview(null), [onPreview]);

  const changeLayer = (l: PrescriptionLayer) => {
    setLayer(l);
    setRates(startRates(l));
  };
  const run = async (format: PrescriptionFormat) => {
    setBusy(format);
    setMessage(null);
    try {
      const name = await downloadFile(`/api/projects/${p.projectId}/prescriptions`, 'prescription.zip', 'application/zip', { ...input, format, profile });
      setMessage({ text: t('export.saved', { name }), error: false });
    } catch (e) {
      setMessage({ text: t('export.failed', { message: errorText(e, t) }), error: true });
    } finally {
      setBusy(null);
    }
  };
  const classes = layerClasses(layer);
  const qUnit = t(`prescription.quantityUnits.${shown?.total.quantityUnit ?? 'kg'}`);

  return (
    <section className="pm-export pm-rx" aria-label={t('prescription.title')} data-testid="pm-prescription">
      <PanelHeader title={t('prescription.title')} onClose={p.onClose} closeTestId="pm-prescription-close" />
      <div className="pm-export__body">
        <div className="pm-rx__grid">
          <Choice
            label={t('prescription.layer')}
            value={layer}
            options={PRESCRIPTION_LAYERS}
            text={(l) => t(`prescription.layers.${l}`)}
            onChange={changeLayer}
            testId="pm-rx-layer"
          />
          <Choice
            label={t('prescription.unit')}
            value={unit}
            options={ZONE_UNITS}
            text={(u) => t(`prescription.units.${u}`)}
            onChange={setUnit}
            testId="pm-rx-unit"
          />
          {unit === 'grid' && (
            <label>
              {t('prescription.gridSize', { min: GRID_MIN_M, max: GRID_MAX_M })}
              <input
                type="number"
                min={GRID_MIN_M}
                max={GRID_MAX_M}
                step={1}
                value={gridSize}
                aria-invalid={!gridOk}
                onChange={(e) => setGridSize(e.target.valueAsNumber)}
                data-testid="pm-rx-grid"
              />
            </label>
          )}
          <label>
            {t('prescription.product')}
            <input type="text" value={product} maxLength={60} onChange={(e) => setProduct(e.target.value)} dir="auto" data-testid="pm-rx-product" />
          </label>
          <Choice
            label={t('prescription.rateUnit')}
            value={rateUnit}
            options={RATE_UNITS}
            text={(u) => t(`prescription.rateUnits.${u}`)}
            onChange={setRateUnit}
            testId="pm-rx-rate-unit"
          />
        </div>
        <fieldset className="pm-rx__rates">
          <legend>{t('prescription.rates', { unit: t(`prescription.rateUnits.${rateUnit}`) })}</legend>
          {classes.map((c, k) => (
            <RateInput key={c} value={rates[k]} onChange={(x) => setRates((r) => r.map((v, i) => (i === k ? x : v)))} testId={`pm-rx-rate-${k}`}>
              {classes.length > 3 && <span className="pm-rx__swatch" style={{ background: css(RELATIVE_COLOURS[k]) }} aria-hidden="true" />}
              {t(`prescription.classes.${c}`)}
            </RateInput>
          ))}
          <RateInput value={defaultRate} onChange={setDefaultRate} testId="pm-rx-default">
            {t('prescription.defaultRate')}
          </RateInput>
        </fieldset>
        {problem && (
          <p role="alert" className="pm-export__error" data-testid="pm-rx-problem">
            {problem}
          </p>
        )}
        {!valid && (
          <p role="alert" className="pm-export__error" data-testid="pm-rx-invalid">
            {t(gridOk ? 'prescription.errors.badRate' : 'prescription.errors.badGrid', { min: GRID_MIN_M, max: GRID_MAX_M })}
          </p>
        )}
        {shown && !problem && (
          <table className="pm-rx__table" data-testid="pm-rx-table">
            <thead>
              <tr>
                <th>{t('prescription.rate', { unit: t(`prescription.rateUnits.${rateUnit}`) })}</th>
                <th>{t('prescription.zones')}</th>
                <th>{t('prescription.area')}</th>
                <th>{t('prescription.quantity', { unit: qUnit })}</th>
              </tr>
            </thead>
            <tbody>
              {shown.byRate.map((r) => (
                <tr key={r.rate}>
                  <td>
                    <span className="pm-rx__swatch" style={{ background: css(rateColourIn(shown.byRate, r.rate)) }} aria-hidden="true" />
                    {nf.format(r.rate)}
                  </td>
                  <td>{nf.format(r.zones)}</td>
                  <td>{nf.format(r.areaHa)}</td>
                  <td>{nf.format(r.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="pm-rx-total">
                <th>{t('prescription.total')}</th>
                <td>{nf.format(shown.total.zones)}</td>
                <td>{nf.format(shown.total.areaHa)}</td>
                <td>{nf.format(shown.total.quantity)}</td>
              </tr>
            </tfoot>
          </table>
        )}
        <Choice
          label={t('prescription.profile')}
          value={profile}
          options={TERMINAL_PROFILES}
          text={(x) => t(`prescription.profiles.${x}`)}
          onChange={setProfile}
          testId="pm-rx-profile"
        />
        {!input.product && <p className="pm-export__hint">{t('prescription.needProduct')}</p>}
        <div className="pm-export__formats">
          {PRESCRIPTION_FORMATS.map((f) => (
            <button
              key={f}
              type="button"
              className="btn btn--small"
              disabled={busy !== null || !shown || !!problem || !input.product}
              onClick={() => void run(f)}
              data-testid={`pm-rx-${f}`}
            >
              {busy === f ? t('export.working', { format: t(`prescription.formats.${f}`) }) : <Isolate text={t(`prescription.formats.${f}`)} />}
            </button>
          ))}
        </div>
        {message && (
          <p role={message.error ? 'alert' : 'status'} className={message.error ? 'pm-export__error' : 'pm-export__done'} dir="auto">
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
