// A photo on the device before it is queued (README "Scouting: photos"): turned upright, resized to at most
// 1600 px on its longest edge, re-encoded (every EXIF field dropped) as WebP where the browser can encode it
// (smaller at the same quality), else as JPEG (Safari's canvas has no WebP encoder: it answers PNG), and given
// back its position only (exif-gps.ts): the position of the phone when the photo was added.
import { PHOTO_MAX_EDGE } from '../domain/scouting-rules';
import { gpsApp1, gpsTiff, webpWithExif, withSegment } from './exif-gps';

const QUALITY = 0.85;

const encode = (canvas: HTMLCanvasElement, type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob((b) => resolve(b), type, QUALITY));

export async function preparePhoto(file: Blob, position: { lat: number; lon: number } | null, maxEdge = PHOTO_MAX_EDGE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const [w, h] = [Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale))];
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const webp = await encode(canvas, 'image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
  if (!blob) throw new Error('encode failed');
  if (!position) return blob;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return blob.type === 'image/webp'
    ? new Blob([webpWithExif(bytes, gpsTiff(position.lat, position.lon), w, h)], { type: 'image/webp' })
    : new Blob([withSegment(bytes, gpsApp1(position.lat, position.lon))], { type: 'image/jpeg' });
}
