import { createInflateRaw } from 'node:zlib';
import {
  Unzip,
  unzipSync,
  type AsyncFlateStreamHandler,
  type FlateError,
  type UnzipDecoder,
  type UnzipFile,
} from 'fflate';

/** How much an uploaded zip (an .xlsx) may unpack to: bytes over all its entries, and entries. */
export type ZipLimits = { maxBytes: number; maxEntries: number };

/** The zip unpacks to more than its limits allow. */
export class ZipTooLargeError extends Error {
  constructor(readonly limits: ZipLimits) {
    super('zip over its unpacked limits');
  }
}

/** The central directory's word: entry count and declared sizes. Cheap, refuses an honest bomb at once. */
function checkDeclared(zip: Uint8Array, limits: ZipLimits) {
  let entries = 0;
  let bytes = 0;
  unzipSync(zip, {
    filter(file) {
      bytes += file.originalSize;
      if (++entries > limits.maxEntries || bytes > limits.maxBytes) throw new ZipTooLargeError(limits);
      return false;
    },
  });
}

/**
 * A deflated entry inflated by zlib (native: fflate's own inflater crawls on the repetitive XML a
 * bomb is made of) as a stream, so the bytes can be counted and the inflation stopped as they come.
 */
export class StreamedInflate implements UnzipDecoder {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => undefined;
  private readonly inflater = createInflateRaw({ chunkSize: 64 * 1024 });

  constructor() {
    // zlib's chunks are plain buffers, never shared memory.
    this.inflater.on('data', (chunk: Buffer<ArrayBuffer>) => this.ondata(null, chunk, false));
    this.inflater.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.inflater.on('error', (error) => this.ondata(error as FlateError, new Uint8Array(0), true));
  }

  push(chunk: Uint8Array, final: boolean) {
    this.inflater.write(chunk);
    if (final) this.inflater.end();
  }

  terminate() {
    this.inflater.destroy();
  }
}

/**
 * What the entries really unpack to, walking the local headers in order as a streaming reader
 * (exceljs') does, and counting the inflated bytes without keeping them: a zip whose headers lie
 * about its sizes is stopped at the limit, not after.
 */
function checkInflated(zip: Uint8Array, limits: ZipLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    const files: UnzipFile[] = [];
    let bytes = 0;
    let open = 0;
    let walked = false;
    const stop = (error: Error) => {
      for (const file of files) file.terminate();
      reject(error);
    };
    const unzip = new Unzip((file) => {
      files.push(file);
      if (files.length > limits.maxEntries) return stop(new ZipTooLargeError(limits));
      open++;
      file.ondata = (error, chunk, final) => {
        if (error) return stop(error);
        if ((bytes += chunk.length) > limits.maxBytes) return stop(new ZipTooLargeError(limits));
        if (final && --open === 0 && walked) resolve();
      };
      file.start();
    });
    unzip.register(StreamedInflate);
    try {
      unzip.push(zip, true);
    } catch (error) {
      return stop(error as Error);
    }
    walked = true;
    if (open === 0) resolve();
  });
}

/**
 * Rejects with `ZipTooLargeError` when the zip holds more entries or unpacks to more bytes than
 * `limits`, by its central directory and by actually inflating it; with any other error when it is
 * not a readable zip. Memory stays flat: nothing inflated is kept.
 */
export async function checkZipLimits(zip: Uint8Array, limits: ZipLimits): Promise<void> {
  checkDeclared(zip, limits);
  await checkInflated(zip, limits);
}
