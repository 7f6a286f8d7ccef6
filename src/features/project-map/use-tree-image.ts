// The tree image below the detail zoom, drawn by the geo worker (tree-raster.ts)
// from its positions and the colours it last handed out, and sent back as a
// transferred pixel buffer: the main thread only wraps it (no per-tree work).
// The last image stays on screen until its successor arrives (its bounds are
// lon/lat, so it stays in place while zooming). Until the first arrives the
// trees are not drawn; when the worker refuses one (too large), they are drawn
// as instances ('refused').
import { useEffect, useState, type RefObject } from 'react';
import { isCancelled, type GeoClient } from '../../map/geo-client';
import { treeEdge, treeRadius, type TreeImage } from '../../map/deck-layers';

export interface TreeImageInput {
  /** The drawn trees (a new object per load or comparison). */
  drawn: object | null;
  coloursId: number | null;
  zoom: number;
  pixelRatio: number;
  /** Below the detail zoom with the trees shown. */
  on: boolean;
  /** Sun mode (issue 35): larger dots with a dark edge, as the instances from the detail zoom on. */
  sun: boolean;
}

export function useTreeImage(client: RefObject<GeoClient | null>, p: TreeImageInput): TreeImage | 'refused' | null {
  const [image, setImage] = useState<{ drawn: object; image: TreeImage | 'refused' } | null>(null);
  const { drawn, coloursId, zoom, pixelRatio, on, sun } = p;
  useEffect(() => {
    const c = client.current;
    if (!on || !c || !drawn || coloursId === null) return;
    let live = true;
    const edge = treeEdge(false, sun); // the instances' edge below the detail zoom: Sun mode only
    const outline = edge ? { rgb: edge.rgba.slice(0, 3) as [number, number, number], width: edge.width } : undefined;
    void c.treeImage({ zoom, pixelRatio, radius: treeRadius(false, sun), outline }).then((r) => {
      if (!live || isCancelled(r)) return;
      // ImageData (not a plain {width, height, data}): deck.gl reads the size for the mip levels from it.
      setImage({
        drawn,
        image: r ? { coloursId: r.coloursId, raster: r.raster, image: new ImageData(r.raster.data, r.raster.width, r.raster.height) } : 'refused',
      });
    });
    return () => {
      live = false;
    };
  }, [client, drawn, coloursId, zoom, pixelRatio, on, sun]);
  return image && image.drawn === drawn ? image.image : null;
}
