/**
 * What a customer does with an order once it is paid (docs/commerce.md#order-pages; issue #21), under
 * its receipt on the order pages and in My Account:
 *
 * - **Pay balance**, while a made-to-order order owes one: the checkout function's `balance` form opens a
 *   fresh Checkout Session for what is due (never an e-mailed session URL: sessions expire), and the
 *   browser goes to it.
 * - **Download**, for a paid order that holds the Crown Planner: the order-status function answers a
 *   fresh short-lived signed link to each file of the tier at each press (none is kept or e-mailed). One
 *   file downloads at once; several are listed, each fetched afresh when pressed. A refunded or cancelled
 *   order has no Download, and a press the function refuses says why.
 * - The shipment: carrier and tracking number, with the carrier's tracking page, once shipped.
 *
 * `access` names the order to the functions as the page knows it: the link's token, or (signed in) its id.
 */
import { useId, useState } from 'react';
import { invokeFunction } from '../core/functions.ts';
import type { ToastInput } from '../core/toast.tsx';
import {
  BALANCE_PAYABLE,
  COMMERCE_TEXT,
  ORDER_ACTION_MESSAGES as MSG,
  ORDER_ACTION_TEXT as TEXT,
  formatCents,
  isDownloadable,
  trackingLink,
  type OrderView,
} from '../core/domain.ts';

export type OrderAccess = { token: string } | { order: string };

interface Download {
  tier: string;
  name: string;
  url: string;
}

export function Fulfilment({ order: o, access, toast }: { order: OrderView; access: OrderAccess; toast: (t: ToastInput) => void }) {
  const payable = o.balance_due_cents > 0 && BALANCE_PAYABLE.includes(o.status);
  const downloadable = isDownloadable(o);
  const shipped = (o.status === 'shipped' || o.status === 'delivered') && o.carrier && o.tracking_number;
  if (!payable && !downloadable && !shipped) return null;
  const track = shipped ? trackingLink(o.carrier, o.tracking_number) : null;
  return (
    <div className="receipt__actions" part="actions">
      {shipped ? (
        <p className="receipt__tracking" part="tracking">
          {TEXT.shipped(o.carrier!, o.tracking_number!)}
          {track ? (
            <>
              {' '}
              <a className="kyb-link" href={track} target="_blank" rel="noopener noreferrer" part="tracking-link">
                {TEXT.track}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {payable ? <PayBalance order={o} access={access} toast={toast} /> : null}
      {downloadable ? <Downloads access={access} toast={toast} /> : null}
    </div>
  );
}

function PayBalance({ order: o, access, toast }: { order: OrderView; access: OrderAccess; toast: (t: ToastInput) => void }) {
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const amount = formatCents(o.balance_due_cents);
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    const r = await invokeFunction<{ url: string }>('checkout', { balance: access });
    if (r.ok && typeof r.data.url === 'string') {
      location.assign(r.data.url);
      return;
    }
    setBusy(false);
    toast(MSG.balanceFailed(r.ok ? null : r.message));
  };
  return (
    <div className="receipt__balance" part="balance">
      <p id={hintId} className="receipt__note">
        {o.status === 'ready' ? TEXT.balanceReady(amount) : TEXT.balanceEarly(amount)}
      </p>
      <button type="button" className="kyb-btn" part="pay-balance" aria-describedby={hintId} aria-disabled={busy || undefined} onClick={() => void pay()}>
        {busy ? COMMERCE_TEXT.checkoutBusy : COMMERCE_TEXT.payBalance}
      </button>
    </div>
  );
}

function Downloads({ access, toast }: { access: OrderAccess; toast: (t: ToastInput) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [files, setFiles] = useState<string[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const listId = useId();

  /** Fresh links for every file of the order; then the one named (or the only one) downloads. */
  const fetchLinks = async (name: string | null) => {
    if (busy) return;
    setBusy(name ?? '');
    const r = await invokeFunction<{ downloads: Download[] }>('order-status', { ...access, download: true });
    setBusy(null);
    if (!r.ok || !Array.isArray(r.data.downloads)) {
      const message = r.ok ? null : r.message;
      // Refused (a refund closed the downloads): said in place, where the button was pressed.
      if (!r.ok && r.status === 403 && message) setRefused(message);
      else toast(MSG.downloadFailed(message));
      return;
    }
    const links = r.data.downloads;
    setRefused(null);
    const one = name === null ? (links.length === 1 ? links[0] : null) : (links.find((d) => d.name === name) ?? null);
    if (name === null) setFiles(links.map((d) => d.name));
    if (one) location.assign(one.url);
    else if (name !== null) toast(MSG.downloadFailed(null));
  };

  return (
    <div className="receipt__downloads" part="downloads">
      {files && files.length > 1 ? (
        <>
          <p className="receipt__label" id={listId}>
            {TEXT.files}
          </p>
          <ul className="receipt__files" aria-labelledby={listId}>
            {files.map((f) => (
              <li key={f}>
                <button
                  type="button"
                  className="kyb-btn kyb-btn--outline"
                  part="download-file"
                  data-name={f}
                  aria-disabled={busy !== null || undefined}
                  onClick={() => void fetchLinks(f)}
                >
                  {busy === f ? TEXT.downloading : TEXT.downloadFile(f)}
                </button>
              </li>
            ))}
          </ul>
          <p className="receipt__hint">{TEXT.filesHint}</p>
        </>
      ) : (
        <button type="button" className="kyb-btn" part="download" aria-disabled={busy !== null || undefined} onClick={() => void fetchLinks(null)}>
          {busy !== null ? TEXT.downloading : TEXT.download}
        </button>
      )}
      {refused ? (
        <p className="receipt__refused" role="alert" part="download-refused">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
