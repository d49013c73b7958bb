/** An in-memory stand-in for an OPFS sync access handle (src/store/columnFiles.ts SyncFile). */
import type { SyncFile } from '../src/store/columnFiles';

/** A growable byte file with FileSystemSyncAccessHandle's read/write-at shape; writes at most `limit` bytes a call (as a real file may). */
export function memoryFile(limit = Infinity): SyncFile & { size: number } {
  let bytes = new Uint8Array(1024);
  let size = 0;
  return {
    get size() { return size; },
    write(buffer, { at }) {
      const n = Math.min(buffer.length, limit);
      if (at + n > bytes.length) {
        const grown = new Uint8Array(Math.max(at + n, bytes.length * 2));
        grown.set(bytes);
        bytes = grown;
      }
      bytes.set(buffer.subarray(0, n), at);
      size = Math.max(size, at + n);
      return n;
    },
    read(buffer, { at }) {
      const n = Math.max(0, Math.min(buffer.length, size - at, limit));
      buffer.set(bytes.subarray(at, at + n));
      return n;
    },
  };
}

