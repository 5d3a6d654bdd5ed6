/**
 * The Crown Planner's files (private bucket planner-files, one folder per tier: migration fulfilment),
 * as the signed-in admin: the storage policies let only admins list, upload, replace and remove them.
 * What a folder holds is what a paid order of that tier downloads (order-status `download`).
 */
import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';
import { PLANNER_FILES_BUCKET, PLANNER_FILE_LIMITS, PLANNER_TIERS, SEED_PLACEHOLDER_KEY, type PlannerTierId } from '../core/domain.ts';

export interface PlannerFile {
  tier: PlannerTierId;
  name: string;
  size: number | null;
  updated_at: string | null;
  /** The local stack's stand-in for a seeded file, not the real one (SEED_PLACEHOLDER_KEY). */
  placeholder: boolean;
}

export const TIERS = PLANNER_TIERS.map((t) => ({ id: t.id, name: t.name }));

/** Every file of every tier, by name. */
export async function listFiles(sb: KybClient): Promise<Result<Record<PlannerTierId, PlannerFile[]>>> {
  const out = {} as Record<PlannerTierId, PlannerFile[]>;
  for (const t of TIERS) {
    const { data, error } = await sb.storage.from(PLANNER_FILES_BUCKET).list(t.id, { limit: 100, sortBy: { column: 'name', order: 'asc' } });
    if (error) return { ok: false, error };
    out[t.id] = (data ?? [])
      // A folder has no id; the local stack's keep-file placeholders start with a dot.
      .filter((f) => f.id && !f.name.startsWith('.'))
      .map((f) => ({
        tier: t.id,
        name: f.name,
        size: typeof f.metadata?.size === 'number' ? f.metadata.size : null,
        updated_at: f.updated_at ?? null,
        placeholder: f.metadata?.[SEED_PLACEHOLDER_KEY] === true,
      }));
  }
  return { ok: true, value: out };
}

/** Whether the bucket takes the file (its size limit and types); the bucket itself enforces the same. */
export const acceptable = (file: { size: number; type: string }) =>
  file.size > 0 && file.size <= PLANNER_FILE_LIMITS.maxBytes && (PLANNER_FILE_LIMITS.types as readonly string[]).includes(file.type);

/**
 * A storage name for what the admin picked: its own name (what the customer's download is called),
 * with anything but letters, digits, dots, dashes and underscores made a dash.
 */
export const storageName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+/, '') || 'file';

/** Uploads `file` into the tier's folder as `name` (its own by default), replacing a file of that name. */
export async function uploadFile(sb: KybClient, tier: PlannerTierId, file: File, name = storageName(file.name)): Promise<Result<string>> {
  const { error } = await sb.storage.from(PLANNER_FILES_BUCKET).upload(`${tier}/${name}`, file, { contentType: file.type, upsert: true });
  if (error) return { ok: false, error };
  return { ok: true, value: name };
}

export async function removeFile(sb: KybClient, f: Pick<PlannerFile, 'tier' | 'name'>): Promise<Result> {
  const { data, error } = await sb.storage.from(PLANNER_FILES_BUCKET).remove([`${f.tier}/${f.name}`]);
  if (error) return { ok: false, error };
  // A file the policies hide, or one removed meanwhile, comes back as nothing removed.
  if (!data?.length) return { ok: false, error: new Error('No file was removed (missing, or not allowed)') };
  return { ok: true, value: undefined };
}

/** Bytes as the panel shows them: `713 bytes`, `412 KB`, `3.4 MB` (never a rounded-up "1 KB" for a stand-in). */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
