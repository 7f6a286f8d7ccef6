// A photo on the device before it is queued (README "Scouting: photos"): turned upright, resized to at most
// 1600 px on its longest edge, re-encoded as JPEG (every EXIF field dropped) and given back its position only
// (exif-gps.ts): the position of the phone when the photo was added.
import { PHOTO_MAX_EDGE } from '../domain/scouting-rules';
import { gpsApp1, withSegment } from './exif-gps';

export async function preparePhoto(file: Blob, position: { lat: number; lon: number } | null, maxEdge = PHOTO_MAX_EDGE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const [w, h] = [Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale))];
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', 0.85));
  if (!position) return blob;
  const bytes = withSegment(new Uint8Array(await blob.arrayBuffer()), gpsApp1(position.lat, position.lon));
  return new Blob([bytes], { type: 'image/jpeg' });
}
