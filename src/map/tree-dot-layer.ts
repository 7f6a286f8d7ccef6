// The trees' ScatterplotLayer with one change: a tree whose fill is fully
// transparent (a hidden legend class, "only problems", a filter: the worker's
// RGBA alpha 0) is not drawn at all. The plain layer still drew its outline,
// so a hidden class left white rings at the detail zoom; collapsing the
// instance in the vertex shader also spares its fragments.
import { ScatterplotLayer } from '@deck.gl/layers';

export class TreeDotLayer<D = unknown> extends ScatterplotLayer<D> {
  static override layerName = 'TreeDotLayer';

  override getShaders() {
    const shaders = super.getShaders();
    return {
      ...shaders,
      inject: {
        ...shaders.inject,
        // Outside the clip volume: the GPU drops the instance before rasterising it.
        'vs:#main-end': 'if (instanceFillColors.a == 0.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); }',
      },
    };
  }
}
