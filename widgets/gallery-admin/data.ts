/**
 * Gallery admin data access (docs/data.md#calls): table planner_gallery and storage bucket planner-gallery, as the
 * signed-in admin (RLS allows writes to admins only). Every function returns `{ok, …}` and never throws,
 * so the element maps each failure to its toast.
 */
import { GALLERY_MAX_FILE_BYTES, galleryFileType } from '../core/domain.ts';
import type { Tables } from '../../supabase/types/database.ts';

export const GALLERY_TABLE = 'planner_gallery';
export const GALLERY_BUCKET = 'planner-gallery';

/** A row of planner_gallery; its check constraint narrows file_type. */
export type GalleryItem = Omit<Tables<'planner_gallery'>, 'file_type'> & { file_type: 'image' | 'video' };

import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';
export type { Result };

const fail = (error: unknown): { ok: false; error: unknown } => ({ ok: false, error });

/** Admin read: all rows, display_order ascending (docs/data.md#calls). */
export async function listItems(sb: KybClient): Promise<Result<GalleryItem[]>> {
  const { data, error } = await sb.from(GALLERY_TABLE).select('*').order('display_order', { ascending: true });
  return error ? fail(error) : { ok: true, value: (data ?? []) as GalleryItem[] };
}

/**
 * Storage name `<timestamp>.<original extension>` (docs/data.md#calls). A file without an extension takes one
 * from its MIME subtype so the stored object still says what it is.
 */
export function storageNameFor(file: { name: string; type: string }, now = Date.now()): string {
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 && dot < file.name.length - 1 ? file.name.slice(dot + 1) : (file.type.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/gi, '');
  return `${now}.${ext}`;
}

/** Path of a stored object inside the bucket, from its public URL (null when it is not one of ours). */
export function storagePathOf(publicUrl: string): string | null {
  const marker = `/storage/v1/object/public/${GALLERY_BUCKET}/`;
  const i = publicUrl.indexOf(marker);
  if (i < 0) return null;
  const path = publicUrl.slice(i + marker.length).split(/[?#]/)[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Upload, public URL, then the row `{image_url, alt_text: '', display_order: <count>, is_active: true,
 * file_type}` (docs/data.md#calls). If the row cannot be written the uploaded object is removed again, so a
 * failed upload leaves nothing behind.
 */
export async function uploadItem(sb: KybClient, file: File, count: number): Promise<Result<GalleryItem>> {
  if (file.size > GALLERY_MAX_FILE_BYTES) return fail(new Error(`File is larger than ${GALLERY_MAX_FILE_BYTES / 1024 / 1024} MB`));
  const name = storageNameFor(file);
  const bucket = sb.storage.from(GALLERY_BUCKET);
  const up = await bucket.upload(name, file, { contentType: file.type || undefined, upsert: false });
  if (up.error) return fail(up.error);
  const { data: pub } = bucket.getPublicUrl(up.data.path);
  const row = { image_url: pub.publicUrl, alt_text: '', display_order: count, is_active: true, file_type: galleryFileType(file.name) };
  const { data, error } = await sb.from(GALLERY_TABLE).insert(row).select().single();
  if (error) {
    const rm = await bucket.remove([up.data.path]);
    if (rm.error) console.error('[kyb-gallery-admin] could not remove the orphaned upload', up.data.path, rm.error);
    return fail(error);
  }
  return { ok: true, value: data as GalleryItem };
}

export type ItemPatch = { display_order: number } | { is_active: boolean } | { alt_text: string };

/**
 * One column at a time (docs/data.md#calls). `.select('id')` makes a row that RLS hides count as a failure
 * instead of a silent no-op (PostgREST answers 204 with nothing updated).
 */
export async function updateItem(sb: KybClient, id: string, patch: ItemPatch): Promise<Result> {
  const { data, error } = await sb.from(GALLERY_TABLE).update(patch).eq('id', id).select('id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No row was updated (missing, or not allowed)'));
  return { ok: true, value: undefined };
}

/** Deletes the row, then its stored file; a file that cannot be removed is logged, the row is gone. */
export async function deleteItem(sb: KybClient, item: GalleryItem): Promise<Result> {
  const { data, error } = await sb.from(GALLERY_TABLE).delete().eq('id', item.id).select('id');
  if (error) return fail(error);
  if (!data?.length) return fail(new Error('No row was deleted (missing, or not allowed)'));
  const path = storagePathOf(item.image_url);
  if (path) {
    const rm = await sb.storage.from(GALLERY_BUCKET).remove([path]);
    if (rm.error) console.error('[kyb-gallery-admin] row deleted but its file remains', path, rm.error);
  }
  return { ok: true, value: undefined };
}
