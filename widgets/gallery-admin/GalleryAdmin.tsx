/**
 * <kyb-gallery-admin>: the planner gallery's admin panel (docs/admin.md#gallery-admin, #states, #validation, docs/data.md#calls, docs/admin.md#messages).
 *
 * States: loading → not signed in ("Authentication required" with a Sign in button) / signed in without the admin role
 * → "Admin Access Required"; admin → "Gallery Administration": upload (images and videos, at most 10
 * items), and per item a preview, order number, active toggle, alt text and delete with confirmation.
 * Every edit refetches the list. The spec's admin gate is only a session check (docs/data.md#roles-and-permissions); this element
 * also requires `app_metadata.role = 'admin'`, which is what the database's RLS enforces for writes.
 *
 * Its attributes, events and parts: widgets/gallery-admin/register.ts.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ALT_TEXT_MAX, GALLERY_MAX_ITEMS, MESSAGES } from '../core/domain.ts';
import { AdminGate, useAdminCall, type AdminPanelProps } from '../core/admin-gate.tsx';
import { Modal } from '../core/dialog.tsx';
import { emit } from '../core/events.ts';
import { mediaUrl } from '../core/public.ts';
import { deleteItem, listItems, updateItem, uploadItem, type GalleryItem, type ItemPatch } from './data.ts';

/** Alt text is written this long after the last keystroke (the field still updates on every key). */
export const ALT_TEXT_DEBOUNCE_MS = 350;

export interface GalleryAdminProps {
  container?: unknown;
}

export function GalleryAdmin({ container }: GalleryAdminProps) {
  return <AdminGate container={container} prefix="ga" denied="Your account does not have access to the gallery administration." Panel={Panel} />;
}

function Panel({ toast, host }: AdminPanelProps) {
  const [items, setItems] = useState<GalleryItem[] | null>(null);
  const [uploading, setUploading] = useState(false);
  /** The file being uploaded, shown by name: the native picker's own text is clipped on a phone. */
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<GalleryItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();
  const dialogTitle = useId();
  const dialogDesc = useId();
  const hintId = useId();

  const call = useAdminCall();

  const refetch = useCallback(async () => {
    const r = await call(listItems);
    if (r.ok) setItems(r.value);
    else {
      console.error('[kyb-gallery-admin] fetch failed', r.error);
      toast(MESSAGES.galleryFetchFailed);
      setItems((xs) => xs ?? []);
    }
  }, [call, toast]);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  const full = (items?.length ?? 0) >= GALLERY_MAX_ITEMS;

  const onFile = async (e: { currentTarget: HTMLInputElement }) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    setChosen(file.name);
    try {
      // Count on the server, not on this tab's list: another admin tab may have uploaded meanwhile.
      const now = await call(listItems);
      if (!now.ok) {
        console.error('[kyb-gallery-admin] could not count the items before uploading', now.error);
        toast(MESSAGES.uploadFailed);
        return;
      }
      if (now.value.length >= GALLERY_MAX_ITEMS) {
        setItems(now.value);
        toast(MESSAGES.uploadLimitReached);
        return;
      }
      const count = now.value.length;
      const r = await call((c) => uploadItem(c, file, count));
      if (!r.ok) {
        // The database refuses an 11th row with the spec's own words (migration planner_gallery): a
        // race the count above could not see.
        const limit = (r.error as { message?: string } | null)?.message === MESSAGES.uploadLimitReached.description;
        console.error('[kyb-gallery-admin] upload failed', r.error);
        toast(limit ? MESSAGES.uploadLimitReached : MESSAGES.uploadFailed);
        if (limit) await refetch();
        return;
      }
      toast(MESSAGES.uploadSuccess(r.value.file_type));
      emit(host(), 'kyb-gallery-change', { action: 'upload', id: r.value.id });
      await refetch();
    } finally {
      setChosen(null);
      input.value = '';
      setUploading(false);
    }
  };

  const update = useCallback(
    async (id: string, patch: ItemPatch) => {
      const r = await call((c) => updateItem(c, id, patch));
      if (!r.ok) {
        console.error('[kyb-gallery-admin] update failed', patch, r.error);
        toast('display_order' in patch ? MESSAGES.orderUpdateFailed : 'is_active' in patch ? MESSAGES.statusUpdateFailed : MESSAGES.altTextUpdateFailed);
      } else emit(host(), 'kyb-gallery-change', { action: 'update', id });
      await refetch();
      return r.ok;
    },
    [call, toast, refetch, host],
  );

  const onDelete = async () => {
    const item = confirm;
    if (!item) return;
    setDeleting(true);
    const r = await call((c) => deleteItem(c, item));
    setDeleting(false);
    setConfirm(null);
    if (!r.ok) {
      console.error('[kyb-gallery-admin] delete failed', r.error);
      toast(MESSAGES.deleteFailed);
    } else {
      toast(MESSAGES.deleteSuccess);
      emit(host(), 'kyb-gallery-change', { action: 'delete', id: item.id });
    }
    await refetch();
  };

  return (
    <section className="ga__panel" aria-labelledby={headingId} aria-busy={items === null || uploading || undefined}>
      <h2 className="ga__heading" part="heading" id={headingId}>
        Gallery Administration
      </h2>
      <div className="ga__upload kyb-card" part="upload">
        <label className="kyb-label" htmlFor={`${headingId}-file`}>
          Upload image or video
        </label>
        <input
          id={`${headingId}-file`}
          className="ga__file"
          part="file-input"
          type="file"
          accept="image/*,video/*"
          disabled={uploading || full || items === null}
          aria-describedby={hintId}
          onChange={onFile}
        />
        {/* The native text ("No file chosen") is hidden by the stylesheet: at 320 px it was clipped to
            "No fi…osen" beside the button (issue #8). Screen readers hear the input's own value. */}
        <p className="ga__chosen" part="chosen" aria-hidden="true">
          {chosen ?? 'No file chosen'}
        </p>
        <p className="ga__hint" id={hintId} part="count">
          {/* No count until the list is in: "0 of 10 items" while loading said the gallery was empty. */}
          {uploading ? 'Uploading…' : items === null ? '' : `${items.length} of ${GALLERY_MAX_ITEMS} items`}
          {full ? ' (limit reached: delete an item to upload another)' : ''}
        </p>
      </div>

      {items === null ? (
        <p role="status">Loading gallery…</p>
      ) : items.length === 0 ? (
        <p className="ga__empty">No gallery items yet. Upload an image or video to start.</p>
      ) : (
        <ol className="ga__list" part="list">
          {items.map((it, i) => (
            <Row key={it.id} item={it} index={i} update={update} onDelete={() => setConfirm(it)} />
          ))}
        </ol>
      )}

      <Modal open={!!confirm} onClose={() => !deleting && setConfirm(null)} labelledBy={dialogTitle} describedBy={dialogDesc}>
        <h3 id={dialogTitle} className="ga__dialog-title">
          Delete this item?
        </h3>
        <p id={dialogDesc}>The {confirm?.file_type ?? 'item'} will be removed from the gallery and from storage. This cannot be undone.</p>
        <div className="ga__dialog-actions">
          <button type="button" className="kyb-btn kyb-btn--outline" onClick={() => setConfirm(null)} disabled={deleting} autoFocus>
            Cancel
          </button>
          <button type="button" className="kyb-btn ga__danger" onClick={onDelete} disabled={deleting}>
            Delete
          </button>
        </div>
      </Modal>
    </section>
  );
}

interface RowProps {
  item: GalleryItem;
  index: number;
  update: (id: string, patch: ItemPatch) => Promise<boolean>;
  onDelete: () => void;
}

function Row({ item, index, update, onDelete }: RowProps) {
  const id = useId();
  const [order, setOrder] = useState(String(item.display_order));
  const [orderError, setOrderError] = useState<string | null>(null);
  const [alt, setAlt] = useState(item.alt_text ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Typed but not yet sent. */
  const pendingAlt = useRef<string | null>(null);
  /** Writes on their way (each ends with a refetch). */
  const altWrites = useRef(0);

  // A refetch brings the stored values; never overwrite what the admin is still typing.
  useEffect(() => {
    setOrder(String(item.display_order));
    setOrderError(null);
  }, [item.display_order]);
  useEffect(() => {
    if (pendingAlt.current === null && altWrites.current === 0) setAlt(item.alt_text ?? '');
  }, [item.alt_text]);

  const flushAlt = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const v = pendingAlt.current;
    if (v === null) return;
    pendingAlt.current = null;
    altWrites.current++;
    void update(item.id, { alt_text: v }).finally(() => {
      altWrites.current--;
    });
  }, [update, item.id]);
  // Leaving (element removed, signed out) still saves the last keystrokes.
  const flushRef = useRef(flushAlt);
  flushRef.current = flushAlt;
  useEffect(() => () => flushRef.current(), []);

  const onAlt = (v: string) => {
    setAlt(v);
    pendingAlt.current = v;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flushAlt, ALT_TEXT_DEBOUNCE_MS);
  };

  const commitOrder = () => {
    const text = order.trim();
    if (text === String(item.display_order)) return setOrderError(null);
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < 0) {
      setOrderError('Enter a whole number, 0 or more.');
      return;
    }
    setOrderError(null);
    void update(item.id, { display_order: n });
  };

  const label = `Item ${index + 1} (${item.file_type})`;
  return (
    <li className="ga__item" part="item" aria-label={label} data-id={item.id} data-active={String(item.is_active)}>
      <div className="ga__preview" part="preview">
        {item.file_type === 'video' ? (
          <video src={mediaUrl(item.image_url)} muted playsInline controls preload="metadata" aria-label={item.alt_text || label} />
        ) : (
          <img src={mediaUrl(item.image_url)} alt={item.alt_text ?? ''} loading="lazy" />
        )}
        {!item.is_active ? <span className="ga__badge">Hidden</span> : null}
      </div>
      <div className="ga__fields">
        <div className="kyb-field ga__order" part="order">
          <label className="kyb-label" htmlFor={`${id}-order`}>
            Order
          </label>
          <input
            id={`${id}-order`}
            className="kyb-input"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={order}
            aria-invalid={orderError ? true : undefined}
            aria-describedby={orderError ? `${id}-order-error` : undefined}
            onChange={(e) => setOrder(e.currentTarget.value)}
            onBlur={commitOrder}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitOrder();
            }}
          />
          {orderError ? (
            <p className="kyb-error" id={`${id}-order-error`}>
              {orderError}
            </p>
          ) : null}
        </div>
        <label className="ga__switch" part="active">
          <input type="checkbox" role="switch" checked={item.is_active} onChange={(e) => void update(item.id, { is_active: e.currentTarget.checked })} />
          <span className="ga__switch-track" aria-hidden="true" />
          <span>Active</span>
        </label>
        <div className="kyb-field ga__alt" part="alt">
          <label className="kyb-label" htmlFor={`${id}-alt`}>
            Alt text
          </label>
          <input
            id={`${id}-alt`}
            className="kyb-input"
            type="text"
            maxLength={ALT_TEXT_MAX}
            value={alt}
            placeholder="Describe the image for screen readers"
            onChange={(e) => onAlt(e.currentTarget.value)}
            onBlur={flushAlt}
          />
        </div>
        <button type="button" className="kyb-btn kyb-btn--outline ga__delete" part="delete" onClick={onDelete}>
          Delete<span className="kyb-sr-only"> {label}</span>
        </button>
      </div>
    </li>
  );
}
