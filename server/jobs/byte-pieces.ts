// A job's text as UTF-8 pieces of one size (jobStream sends each when the
// client has taken the one before). The text is encoded into one buffer that
// is reused; a full piece goes out as a copy. A stream of ~1 MB strings made
// the job thread's heap grow by their size (a string over 128 KB is born in
// V8's old generation and lives until a full collection): ~130 MB of garbage
// at a time while a 1M-tree GeoJSON streamed.
export class BytePieces {
  private readonly buf: Uint8Array;
  private readonly enc = new TextEncoder();
  private pos = 0;

  constructor(
    private readonly send: (piece: Uint8Array) => Promise<void>,
    size = 1 << 20,
  ) {
    if (size < 4) throw new RangeError('A piece holds at least one character (4 bytes of UTF-8)');
    this.buf = new Uint8Array(size);
  }

  /** Adds text: undefined when it fitted, else a promise that resolves when the full pieces have been taken. */
  write(text: string): Promise<void> | undefined {
    const { read, written } = this.enc.encodeInto(text, this.buf.subarray(this.pos));
    this.pos += written;
    return read === text.length ? undefined : this.flush().then(() => this.write(text.slice(read)));
  }

  /** Sends what is buffered (the end of the text). */
  async flush(): Promise<void> {
    if (!this.pos) return;
    const piece = this.buf.slice(0, this.pos);
    this.pos = 0;
    await this.send(piece);
  }
}
