import { crc32, deflateSync } from 'node:zlib';

/** Broken and hostile uploads, built byte by byte (docs/operations.md#upload-limits-and-answers). */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A pixel bomb: a valid PNG of a few hundred bytes whose header claims `width` x `height` RGB
 * pixels (its one data chunk holds the first rows only, compressed zeros).
 */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first `fraction` of a file: the header intact, the data cut short. */
export function truncated(data: Buffer, fraction = 0.5): Buffer {
  return data.subarray(0, Math.floor(data.length * fraction));
}

export interface FormPart {
  field: string;
  /** A file part when set; a plain field otherwise. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body of any parts; `closed: false` leaves out the closing boundary (a body cut short). */
export function multipartForm(parts: FormPart[], options: { closed?: boolean } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----klipt${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  if (options.closed !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
