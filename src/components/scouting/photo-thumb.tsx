// A record's photo, fetched with the bearer token (the API's access rule) and shown from an object URL.
import { useEffect, useState } from 'react';
import { request } from '../../api/client';
import { photoPath } from '../../api/scouting';

export function PhotoThumb({ recordId, photoId, alt }: { recordId: string; photoId: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void request<Response>('GET', photoPath(recordId, photoId), { raw: true, retries: 0 })
      .then((r) => r.blob())
      .then((b) => {
        made = URL.createObjectURL(b);
        if (live) setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [recordId, photoId]);
  return url ? <img className="photo-thumb" src={url} alt={alt} width={96} /> : <span className="photo-thumb photo-thumb--empty" aria-label={alt} />;
}
