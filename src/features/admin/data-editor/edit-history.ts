import type { Geometry } from 'geojson';
import type { EditorType } from '../../../api/admin-data';

// Undo/redo of saved geometry edits on the map (beyond the spec; mapbox-gl-draw
// #791). Each entry is one reshape that was saved; undo saves the previous
// geometry again, redo the next. Vertex-level undo while drawing lives in the
// drawing mode itself (src/map/draw/draw-modes.ts).

export interface GeometryEdit {
  type: EditorType;
  id: number;
  before: Geometry;
  after: Geometry;
}

export class EditHistory {
  private done: GeometryEdit[] = [];
  private undone: GeometryEdit[] = [];
  constructor(private readonly limit = 50) {}

  push(e: GeometryEdit): void {
    this.done.push(e);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }
  /** The edit to revert (its `before` is what to save), or null. */
  undo(): GeometryEdit | null {
    const e = this.done.pop() ?? null;
    if (e) this.undone.push(e);
    return e;
  }
  redo(): GeometryEdit | null {
    const e = this.undone.pop() ?? null;
    if (e) this.done.push(e);
    return e;
  }
  /** Put an edit back where it was when saving its undo/redo failed. */
  restoreUndo(e: GeometryEdit): void {
    this.undone.pop();
    this.done.push(e);
  }
  restoreRedo(e: GeometryEdit): void {
    this.done.pop();
    this.undone.push(e);
  }
  forget(type: EditorType, id: number): void {
    const keep = (x: GeometryEdit) => !(x.type === type && x.id === id);
    this.done = this.done.filter(keep);
    this.undone = this.undone.filter(keep);
  }
  get canUndo() {
    return this.done.length > 0;
  }
  get canRedo() {
    return this.undone.length > 0;
  }
}
