/**
 * The Crown Planner's files (docs/admin.md#planner-files): for each tier, what its folder of the private
 * planner-files bucket holds (name, size, last update), with Replace and Remove per file and Add a file.
 * A paid order of that tier downloads every file in its folder. An upload whose name is taken replaces
 * that file (what a customer's next Download gets); a tier with no file says so, since its buyers would
 * get nothing.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useAdminCall, type ToastFn } from '../core/admin-gate.tsx';
import { Modal } from '../core/dialog.tsx';
import { ADMIN_ORDER_MESSAGES as MSG, ADMIN_ORDER_TEXT as TEXT, MESSAGES, PLANNER_FILE_LIMITS, type PlannerTierId } from '../core/domain.ts';
import { acceptable, fileSize, listFiles, removeFile, TIERS, uploadFile, type PlannerFile } from './files.ts';
import { when } from '../core/dates.ts';

const ACCEPT = PLANNER_FILE_LIMITS.types.join(',');
const F = TEXT.files;

export function PlannerFiles({ toast }: { toast: ToastFn }) {
  const call = useAdminCall();
  const [files, setFiles] = useState<Record<PlannerTierId, PlannerFile[]> | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PlannerFile | null>(null);
  const dialogTitle = useId();
  const dialogDesc = useId();

  const refetch = useCallback(async () => {
    const r = await call(listFiles);
    if (r.ok) setFiles(r.value);
    else {
      console.error('[kyb-admin-orders] could not list the planner files', r.error);
      toast(MSG.filesFailed);
      setFiles((x) => x ?? { pdf: [], bundle: [] });
    }
  }, [call, toast]);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  const upload = async (tier: PlannerTierId, input: HTMLInputElement, replacing?: string) => {
    const file = input.files?.[0];
    // The same file may be picked again later: the input forgets this one.
    input.value = '';
    if (!file || working) return;
    if (!acceptable(file)) return toast(MSG.fileRejected);
    setWorking(F.uploading(replacing ?? file.name));
    const r = await call((c) => uploadFile(c, tier, file, replacing));
    setWorking(null);
    if (!r.ok) {
      console.error('[kyb-admin-orders] planner file upload failed', r.error);
      toast(MESSAGES.uploadFailed);
    } else toast(MSG.fileUploaded(r.value));
    await refetch();
  };

  const remove = async () => {
    const f = confirm;
    if (!f || working) return;
    setWorking(F.remove);
    const r = await call((c) => removeFile(c, f));
    setWorking(null);
    setConfirm(null);
    if (!r.ok) {
      console.error('[kyb-admin-orders] planner file removal failed', r.error);
      toast(MSG.fileRemoveFailed);
    } else toast(MSG.fileRemoved(f.name));
    await refetch();
  };

  return (
    <div className="ao__files" part="files" aria-busy={files === null || !!working || undefined}>
      <p className="ao__intro">{F.intro}</p>
      <p className="ao__status" role="status" part="status">
        {files === null ? F.loading : (working ?? '')}
      </p>
      {files
        ? TIERS.map((t) => (
            <section key={t.id} className="ao__tier kyb-card" part="tier" data-tier={t.id} aria-labelledby={`${dialogTitle}-${t.id}`}>
              <h3 className="ao__tier-title" id={`${dialogTitle}-${t.id}`}>
                {t.name}
              </h3>
              {files[t.id].length ? (
                <ul className="ao__file-list">
                  {files[t.id].map((f) => (
                    <li key={f.name} className="ao__file" part="file" data-name={f.name}>
                      <span className="ao__file-name">{f.name}</span>
                      <span className="ao__muted ao__small">{F.updated(fileSize(f.size), f.updated_at ? when(f.updated_at, true) : '')}</span>
                      {f.placeholder ? (
                        <span className="ao__warning ao__small" part="placeholder">
                          {F.placeholder}
                        </span>
                      ) : null}
                      <span className="ao__file-actions">
                        <FilePicker label={F.replace} name={F.replaceOf(f.name)} disabled={!!working} onPick={(input) => void upload(t.id, input, f.name)} part="replace" />
                        <button
                          type="button"
                          className="kyb-btn kyb-btn--ghost ao__small-btn"
                          part="remove"
                          aria-disabled={!!working || undefined}
                          onClick={() => !working && setConfirm(f)}
                        >
                          {F.remove}
                          <span className="kyb-sr-only"> {f.name}</span>
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="ao__warning" part="no-files">
                  {F.none}
                </p>
              )}
              <FilePicker label={F.add} name={F.addTo(t.name)} disabled={!!working} onPick={(input) => void upload(t.id, input)} part="add" />
            </section>
          ))
        : null}
      {files ? <p className="ao__muted ao__small">{F.hint}</p> : null}

      <Modal open={!!confirm} onClose={() => !working && setConfirm(null)} labelledBy={dialogTitle} describedBy={dialogDesc} part="dialog remove-dialog">
        <h3 id={dialogTitle} className="ao__dialog-title">
          {confirm ? F.confirmTitle(confirm.name) : ''}
        </h3>
        <p id={dialogDesc}>{F.confirmBody}</p>
        <div className="ao__actions">
          <button type="button" className="kyb-btn kyb-btn--outline" onClick={() => setConfirm(null)} data-autofocus>
            {F.keep}
          </button>
          <button type="button" className="kyb-btn ao__danger" part="confirm-remove" aria-disabled={!!working || undefined} onClick={() => void remove()}>
            {F.remove}
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** A button that picks a file: the native input, visually hidden inside its label, keeps keyboard and screen-reader use. */
function FilePicker({ label, name, disabled, onPick, part }: { label: string; name: string; disabled: boolean; onPick: (input: HTMLInputElement) => void; part: string }) {
  return (
    <label className={`kyb-btn kyb-btn--outline ao__pick${disabled ? ' ao__pick--off' : ''}`} part={part}>
      {label}
      <input className="kyb-sr-only" type="file" accept={ACCEPT} aria-label={name} disabled={disabled} onChange={(e) => onPick(e.currentTarget)} />
    </label>
  );
}
