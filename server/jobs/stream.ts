// A job's output as a readable stream for a reply: each piece the job sends is
// written when the client has taken the previous ones (the job waits on the
// returned promise), so a file of any size is never held whole.
import { PassThrough } from 'node:stream';
import type { Db } from '../db/adapter';
import { jobsFor } from './runner';
import type { JobInput, JobName } from './registry';

export function jobStream<N extends JobName>(db: Db, job: N, input: JobInput<N>): PassThrough {
  const stream = new PassThrough();
  let gone = false;
  stream.once('close', () => (gone = true));
  const send = (chunk: Uint8Array) => {
    if (gone) throw new Error('The client went away');
    if (stream.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  };
  jobsFor(db)
    .run(job, input, send as never)
    .then(
      () => stream.end(),
      (e: Error) => stream.destroy(e),
    );
  return stream;
}
