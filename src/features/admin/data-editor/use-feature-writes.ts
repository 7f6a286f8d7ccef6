import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Geometry } from 'geojson';
import { invalidateAfterAdminWrite } from '../../../api/query-keys';
import { deleteFeature, updateFeature, type EditorFeature, type EditorType } from '../../../api/admin-data';
import type { ApiError } from '../../../api/errors';
import { errorText } from '../../../api/error-text';
import { EditHistory } from './edit-history';
import { featureById, type Selection } from './map-geometry';
import type { EditorState } from './use-editor-data';

/**
 * The data editor's writes to features it holds (admin.md §2): a reshape saved (with the version it was read at),
 * undone and redone (edit-history.ts), a deletion confirmed; after each, the notice and a reload.
 */
export function useFeatureWrites(ed: EditorState, setSelected: Dispatch<SetStateAction<Selection | null>>) {
  const { t } = useTranslation('admin.data-editor');
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ feature: EditorFeature; fromMap: boolean } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const history = useRef(new EditHistory());
  // What the undo/redo buttons show, copied from the history after each change to it (a ref is not read in render).
  const [undoable, setUndoable] = useState({ canUndo: false, canRedo: false });
  const syncHistory = () => setUndoable({ canUndo: history.current.canUndo, canRedo: history.current.canRedo });
  const versions = useRef(new Map<string, number>());

  const typeName = (type: EditorType) => t(`types.${type}`);
  // After a write: the editor reloads its client (only the trees changed since), and the cached
  // lists the write changed (admin tables and counts, the grower lists) go stale.
  const afterChange = async (message?: string) => {
    if (message) setNotice(message);
    void invalidateAfterAdminWrite(queryClient);
    await ed.reload();
  };

  const versionOf = (f: EditorFeature) => versions.current.get(`${f.properties.type}:${f.properties.id}`) ?? f.properties.version;
  const saveGeometry = async (type: EditorType, id: number, geometry: Geometry, record: boolean) => {
    const f = featureById(ed.data, { type, id });
    if (!f) return false;
    try {
      const r = (await updateFeature(type, id, { geom: geometry, version: versionOf(f) })) as Record<string, { properties: { version: number } }>;
      const saved = r.plot ?? r.irrigation_area ?? r.tree;
      if (saved) versions.current.set(`${type}:${id}`, saved.properties.version);
      if (record) history.current.push({ type, id, before: f.geometry, after: geometry });
      syncHistory();
      await afterChange(t('notices.geometryUpdated', { type: typeName(type) }));
      return true;
    } catch (e) {
      ed.setError(`${t('errors.geometry', { type: t(`typesLower.${type}`) })}: ${errorText(e, t)}`);
      await ed.reload();
      return false;
    }
  };
  // Saves the geometry an edit of the history went back (undo) or forward (redo) to; a failed save puts the edit back.
  const step = async (redo: boolean) => {
    const h = history.current;
    const e = redo ? h.redo() : h.undo();
    if (!e) return;
    if (!(await saveGeometry(e.type, e.id, redo ? e.after : e.before, false))) {
      if (redo) h.restoreRedo(e);
      else h.restoreUndo(e);
    } else setNotice(t(redo ? 'notices.redone' : 'notices.undone', { type: typeName(e.type) }));
    syncHistory();
  };
  const undo = () => step(false);
  const redo = () => step(true);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { feature, fromMap } = toDelete;
    const type = feature.properties.type as EditorType;
    setDeleting(true);
    try {
      await deleteFeature(type, feature.properties.id);
      history.current.forget(type, feature.properties.id);
      syncHistory();
      setSelected((s) => (s && s.type === type && s.id === feature.properties.id ? null : s));
      await afterChange(t('notices.deleted'));
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 404 || /not found|404/i.test(err.message)) {
        // Already gone: remove it locally.
        ed.setError(fromMap ? t('errors.featureGone') : t('errors.deletedAlready', { type: typeName(type) }));
        setSelected(null);
        if (ed.data) {
          const keep = <F extends EditorFeature>(fc: { type: 'FeatureCollection'; features: F[] }) => ({
            ...fc,
            features: fc.features.filter((x) => !(x.properties.type === type && x.properties.id === feature.properties.id)),
          });
          ed.setData({
            ...ed.data,
            plots: keep(ed.data.plots),
            irrigationAreas: keep(ed.data.irrigationAreas),
            trees: type === 'tree' ? ed.data.trees.without(feature.properties.id) : ed.data.trees,
          });
        }
      } else
        ed.setError(
          fromMap
            ? `${t('errors.deleteFeature')} ${err.serverMessage ? errorText(err, t) : ''}`.trim()
            : `${t('errors.delete', { type: t(`typesLower.${type}`) })}: ${errorText(err, t)}`,
        );
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return { notice, setNotice, afterChange, saveGeometry, undo, redo, ...undoable, toDelete, setToDelete, deleting, confirmDelete };
}
