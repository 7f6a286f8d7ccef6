// "Import boundaries" (issue 14): the server reads the file (zipped shapefile,
// KML, KMZ, GeoJSON; reprojected to WGS 84) and answers its polygons; the map
// shows them, the admin picks plots or irrigation areas, maps attributes to
// the name (and crop, area) and chooses features; the import is one call,
// all or nothing. A feature's verdict is the import's own rule
// (src/domain/boundary-feature-rules.ts: name, geometry, crop in the crop list,
// area), so what the table calls valid imports (issue 31).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importBoundaries, previewBoundaries, type BoundaryPreview } from '../../../api/admin-data';
import { errorItems, errorText, issueText } from '../../../api/error-text';
import { boundaryFeatureProblem, cropKey, type BoundaryCandidate, type BoundaryProblem } from '../../../domain/boundary-feature-rules';

type Kind = 'plot' | 'irrigation';
/** The attribute most likely to hold a name / crop / area, by its field name. */
const guess = (fields: string[], pattern: RegExp) => fields.find((f) => pattern.test(f)) ?? '';

export function BoundaryImportPanel({
  clientId,
  crops,
  onPreview,
  onImported,
}: {
  clientId: number;
  /** The crop list's names: a plot's crop must be one of them. */
  crops: readonly string[];
  /** The features to outline on the map (null: none), `chosen` set on the ones to import. */
  onPreview: (fc: GeoJSON.FeatureCollection | null) => void;
  onImported: (message: string) => void;
}) {
  const { t } = useTranslation('admin.data-editor');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BoundaryPreview | null>(null);
  const [kind, setKind] = useState<Kind>('plot');
  const [fields, setFields] = useState({ name: '', crop: '', area: '' });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<'read' | 'import' | null>(null);
  const [error, setError] = useState<{ message: string; rows: string[] } | null>(null);

  type Feature = BoundaryPreview['features'][number];
  const value = (f: Feature, field: string) => (field && f.properties[field] != null ? String(f.properties[field]) : '');
  const areaOf = (f: Feature) => (fields.area && Number(value(f, fields.area)) > 0 ? Number(value(f, fields.area)) : null);
  /** What the import gets for a feature: the kind, the mapped name (and crop, area) and the geometry. */
  const candidate = (f: Feature): BoundaryCandidate => ({
    kind,
    name: value(f, fields.name).trim(),
    geometry: f.geometry,
    ...(kind === 'plot' ? { crop_name: value(f, fields.crop) || null, area_ha: areaOf(f) } : {}),
  });
  const cropSet = useMemo(() => new Set(crops.map(cropKey)), [crops]);
  // The import's rule for every feature, again whenever the kind or a mapped attribute changes.
  const problems = useMemo(
    () => new Map<number, BoundaryProblem | null>((preview?.features ?? []).map((f) => [f.index, boundaryFeatureProblem(candidate(f), cropSet)])),
    [preview, kind, fields, cropSet], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const problemOf = (f: Feature) => problems.get(f.index) ?? null;
  const problemText = (p: BoundaryProblem) => issueText({ field: p.field, code: p.code, params: p.params, message: p.message }, t);
  const show = (p: BoundaryPreview | null, pick: Set<number>) =>
    onPreview(
      p && {
        type: 'FeatureCollection',
        features: p.features.filter((f) => f.geometry).map((f) => ({ type: 'Feature', geometry: f.geometry!, properties: { chosen: pick.has(f.index) } })),
      },
    );

  const read = async () => {
    if (!file) return setError({ message: t('boundaries.needFile'), rows: [] });
    setBusy('read');
    setError(null);
    try {
      const p = await previewBoundaries(clientId, file);
      const pick = new Set(p.features.filter((f) => !f.issues.plot).map((f) => f.index));
      setPreview(p);
      setFields({ name: guess(p.fields, /name|שם/i) || (p.fields[0] ?? ''), crop: guess(p.fields, /crop|גידול/i), area: guess(p.fields, /area|שטח/i) });
      setChosen(pick);
      show(p, pick);
    } catch (e) {
      setPreview(null);
      show(null, new Set());
      setError({ message: errorText(e, t), rows: errorItems(e, t) });
    } finally {
      setBusy(null);
    }
  };

  const toImport = (preview?.features ?? []).filter((f) => chosen.has(f.index) && !problemOf(f));
  const start = async () => {
    setBusy('import');
    setError(null);
    try {
      const r = await importBoundaries(clientId, toImport.map(candidate));
      setPreview(null);
      show(null, new Set());
      onImported(t('boundaries.done', { message: r.message, trees: r.assigned.trees, areas: r.assigned.irrigation_areas }));
    } catch (e) {
      setError({ message: errorText(e, t), rows: errorItems(e, t) });
    } finally {
      setBusy(null);
    }
  };

  const toggle = (i: number) => {
    const next = new Set(chosen);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setChosen(next);
    show(preview, next);
  };
  const select = (label: string, key: keyof typeof fields, testId: string) => (
    <label className="form-field">
      <span>{label}</span>
      <select value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} data-testid={testId}>
        {key !== 'name' && <option value="">{t('boundaries.none')}</option>}
        {preview!.fields.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="editor-panel editor-import" data-testid="boundary-import">
      <h3>{t('boundaries.title')}</h3>
      <p className="editor-import__hint">{t('boundaries.hint')}</p>
      <div className="editor-import__row">
        <label className="form-field">
          <span>{t('boundaries.file')}</span>
          <input type="file" accept=".zip,.kml,.kmz,.geojson,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="boundary-file" />
        </label>
        <button type="button" className="btn btn--small" disabled={!!busy} onClick={() => void read()} data-testid="boundary-read">
          {busy === 'read' ? t('boundaries.reading') : t('boundaries.read')}
        </button>
      </div>
      {error && (
        <div role="alert" className="editor-import__error" data-testid="boundary-error">
          <p>{error.message}</p>
          {error.rows.length > 0 && (
            <ul>
              {error.rows.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && (
        <>
          <p data-testid="boundary-summary">{t('boundaries.summary', { count: preview.features.length, format: preview.format, crs: preview.crs })}</p>
          <div className="editor-import__row">
            <label className="form-field">
              <span>{t('boundaries.kind')}</span>
              <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="boundary-kind">
                <option value="plot">{t('boundaries.kinds.plot')}</option>
                <option value="irrigation">{t('boundaries.kinds.irrigation')}</option>
              </select>
            </label>
            {select(t('boundaries.nameField'), 'name', 'boundary-name-field')}
            {kind === 'plot' && select(t('boundaries.cropField'), 'crop', 'boundary-crop-field')}
            {kind === 'plot' && select(t('boundaries.areaField'), 'area', 'boundary-area-field')}
          </div>
          <div className="editor-import__table">
            <table className="data-table">
              <thead>
                <tr>
                  <th>{t('boundaries.cols.use')}</th>
                  <th>{t('boundaries.cols.name')}</th>
                  {kind === 'plot' && <th>{t('boundaries.cols.crop')}</th>}
                  <th>{t('boundaries.cols.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.features.map((f) => (
                  <tr key={f.index} data-testid={`boundary-row-${f.index}`}>
                    <td>
                      <input
                        type="checkbox"
                        checked={chosen.has(f.index) && !problemOf(f)}
                        disabled={!!problemOf(f)}
                        onChange={() => toggle(f.index)}
                        aria-label={value(f, fields.name) || String(f.index + 1)}
                      />
                    </td>
                    <td dir="auto">{value(f, fields.name) || '—'}</td>
                    {kind === 'plot' && <td dir="auto">{value(f, fields.crop) || '—'}</td>}
                    <td className={problemOf(f) ? 'editor-import__bad' : ''} data-testid={`boundary-verdict-${f.index}`}>
                      {problemOf(f) ? problemText(problemOf(f)!) : t('boundaries.ok')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!!busy || toImport.length === 0}
            onClick={() => void start()}
            data-testid="boundary-import-start"
          >
            {busy === 'import' ? t('boundaries.importing') : t('boundaries.start', { count: toImport.length })}
          </button>
        </>
      )}
    </section>
  );
}
