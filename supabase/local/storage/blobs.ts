/**
 * Where object bytes live: files under `storageDir/<bucket>/<name>`, or a Map when no folder is
 * configured (tests). The database row in storage.objects is the source of truth for what exists and
 * who may read it; this layer only holds bytes and never decides access.
 */
import { mkdir, rename, rm, stat, writeFile, rmdir } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { join, resolve, relative, isAbsolute, dirname, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { StackContext } from '../http.ts';

export interface Staged {
  /** Makes the bytes visible under their name (atomic replace of any previous bytes). */
  commit(): Promise<void>;
  /** Drops staged bytes that will not be committed. */
  discard(): Promise<void>;
}

export interface Range {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface BlobStore {
  /**
   * Settles once the store is usable. A disk store first deletes the staged files that uploads
   * interrupted by a crash or `kill -9` left behind: nothing else would ever remove them.
   */
  ready: Promise<void>;
  stage(bucket: string, name: string, bytes: Uint8Array): Promise<Staged>;
  /** Size of the stored bytes, or null when there are none. */
  size(bucket: string, name: string): Promise<number | null>;
  read(bucket: string, name: string, range?: Range): Promise<ReadableStream<Uint8Array> | null>;
  remove(bucket: string, name: string): Promise<void>;
}

/** Thrown when a name would resolve outside its bucket's folder (defence in depth: keys are validated first). */
export class UnsafePath extends Error {}

class DiskStore implements BlobStore {
  private readonly root: string;
  private readonly tmpDir: string;
  readonly ready: Promise<void>;
  constructor(root: string) {
    this.root = resolve(root);
    // Temp files sit beside the buckets (same file system, so rename is atomic) in a folder no bucket
    // id can take: bucket ids never start with a dot here.
    this.tmpDir = join(this.root, '.tmp');
    // Only this process writes here (PGlite locks the data folder beside it; a DATABASE_URL stack keeps
    // bytes in memory), so whatever is staged before its first upload is a leftover.
    this.ready = rm(this.tmpDir, { recursive: true, force: true }).catch((e) => {
      console.error('[storage] could not clear staged uploads', this.tmpDir, e);
    });
  }

  private pathOf(bucket: string, name: string): string {
    const bucketDir = resolve(this.root, bucket);
    const inRoot = relative(this.root, bucketDir);
    if (!inRoot || inRoot.startsWith('.') || isAbsolute(inRoot) || inRoot.includes(sep)) throw new UnsafePath(bucket);
    const file = resolve(bucketDir, ...name.split('/'));
    const inBucket = relative(bucketDir, file);
    if (!inBucket || inBucket.startsWith('..') || isAbsolute(inBucket)) throw new UnsafePath(name);
    return file;
  }

  async stage(bucket: string, name: string, bytes: Uint8Array): Promise<Staged> {
    const target = this.pathOf(bucket, name);
    await this.ready;
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, randomUUID());
    await writeFile(tmp, bytes);
    return {
      commit: async () => {
        await mkdir(dirname(target), { recursive: true });
        await rename(tmp, target);
      },
      discard: () => rm(tmp, { force: true }),
    };
  }

  async size(bucket: string, name: string) {
    try {
      const s = await stat(this.pathOf(bucket, name));
      return s.isFile() ? s.size : null;
    } catch (e) {
      if (e instanceof UnsafePath) throw e;
      return null;
    }
  }

  async read(bucket: string, name: string, range?: Range) {
    const path = this.pathOf(bucket, name);
    if ((await this.size(bucket, name)) === null) return null;
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
  }

  async remove(bucket: string, name: string) {
    const path = this.pathOf(bucket, name);
    await rm(path, { force: true });
    // Tidy folders the deletion left empty, up to (not including) the bucket folder.
    const bucketDir = resolve(this.root, bucket);
    for (let dir = dirname(path); dir !== bucketDir && dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (or gone): stop climbing
      }
    }
  }
}

class MemoryStore implements BlobStore {
  readonly ready = Promise.resolve();
  private readonly files = new Map<string, Uint8Array<ArrayBuffer>>();
  private key = (bucket: string, name: string) => `${bucket}\u0000${name}`;

  async stage(bucket: string, name: string, bytes: Uint8Array): Promise<Staged> {
    const copy = bytes.slice();
    return {
      commit: async () => {
        this.files.set(this.key(bucket, name), copy);
      },
      discard: async () => {},
    };
  }
  async size(bucket: string, name: string) {
    return this.files.get(this.key(bucket, name))?.byteLength ?? null;
  }
  async read(bucket: string, name: string, range?: Range) {
    const bytes = this.files.get(this.key(bucket, name));
    if (!bytes) return null;
    const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
    return new Response(part).body!;
  }
  async remove(bucket: string, name: string) {
    this.files.delete(this.key(bucket, name));
  }
}

const stores = new WeakMap<StackContext, { dir: string | undefined; store: BlobStore }>();

/** The store of one stack (one per context, so parallel test stacks never share bytes). */
export function blobStoreOf(ctx: StackContext): BlobStore {
  const dir = ctx.config.storageDir;
  const known = stores.get(ctx);
  if (known && known.dir === dir) return known.store;
  const store = dir ? new DiskStore(dir) : new MemoryStore();
  stores.set(ctx, { dir, store });
  return store;
}
