/**
 * <kyb-kit-launch>: the DIY Trinity Kit's launch switch (issue #29, item 2; docs/admin.md#kit-launch).
 *
 * States: loading → not signed in / not an admin (the shared gate) → the launch: **Coming Soon** or **On
 * sale**, how many addresses are on the waiting list, a switch "The DIY Trinity Kit is on sale" that asks
 * first (a dialog saying what happens: the pages, checkout, the one e-mail) and then stores the change
 * through the kit-launch function, which checks the admin role (the browser holds no key); the launch
 * e-mails by status (sent, waiting, failed and retried within the hour, skipped after an unsubscribe).
 * What the switch did is said in place, in a status line, never a toast. A read that fails says so with
 * **Try again**.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { AdminGate, type AdminPanelProps } from '../core/admin-gate.tsx';
import { Modal } from '../core/dialog.tsx';
import { emit } from '../core/events.ts';
import { invokeFunction } from '../core/functions.ts';
import { LAUNCH_TEXT as T, type KitLaunchState } from '../core/domain.ts';

export interface KitLaunchProps {
  container?: unknown;
}

export function KitLaunch({ container }: KitLaunchProps) {
  return <AdminGate container={container} prefix="kl" denied="Your account does not have access to the kit's launch." Panel={Panel} />;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; launch: KitLaunchState };

function Panel({ host }: AdminPanelProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const titleId = useId();
  const askId = useId();
  const bodyId = useId();

  const read = useCallback(async () => {
    setLoad({ state: 'loading' });
    const r = await invokeFunction<KitLaunchState>('kit-launch', { product: 'diy-kit' });
    setLoad(r.ok ? { state: 'ready', launch: r.data } : { state: 'failed' });
  }, []);
  useEffect(() => {
    void read();
  }, [read]);

  if (load.state === 'loading') {
    return (
      <p className="kl__loading" role="status" part="loading">
        {T.loading}
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div className="kl__card kyb-card" part="error">
        <p role="alert">{T.loadFailed}</p>
        <button type="button" className="kyb-btn" part="retry" onClick={() => void read()}>
          {T.tryAgain}
        </button>
      </div>
    );
  }
  const { launch } = load;
  const { mails } = launch;
  const flip = async () => {
    setBusy(true);
    const r = await invokeFunction<KitLaunchState>('kit-launch', { product: 'diy-kit', onSale: !launch.onSale });
    setBusy(false);
    setAsking(false);
    if (!r.ok) {
      setStatus(r.message ?? T.loadFailed);
      return;
    }
    setLoad({ state: 'ready', launch: r.data });
    // The count of e-mails sent is in the list above: the status line says only what the switch did.
    setStatus(r.data.onSale ? T.launched : T.withdrawn);
    emit(host() ?? document, 'kyb-kit-launch-change', { product: r.data.product, onSale: r.data.onSale });
  };

  return (
    <section className="kl__card kyb-card" aria-labelledby={titleId}>
      <h2 className="kl__heading" part="heading" id={titleId}>
        {T.heading}{' '}
        <span className={`kl__state kl__state--${launch.onSale ? 'on' : 'off'}`} part="state" data-on-sale={String(launch.onSale)}>
          {launch.onSale ? T.onSale : T.comingSoon}
        </span>
      </h2>
      <p className="kl__intro" part="intro">
        {T.intro}
      </p>
      <p part="waiting">{T.waiting(launch.waiting)}</p>
      <button type="button" role="switch" aria-checked={launch.onSale} className="kl__switch" part="switch" onClick={() => setAsking(true)}>
        <span className="kl__track" aria-hidden="true">
          <span className="kl__thumb" />
        </span>
        <span>{T.switchLabel}</span>
      </button>
      <ul className="kl__mails" part="mails" aria-label="Launch e-mails">
        <li part="sent" data-count={mails.sent}>
          {T.sent(mails.sent)}
        </li>
        {mails.queued + mails.sending > 0 && (
          <li part="queued" data-count={mails.queued + mails.sending}>
            {T.queued(mails.queued + mails.sending)}
          </li>
        )}
        {mails.failed > 0 && (
          <li part="failed" className="kl__failed" data-count={mails.failed}>
            {T.failed(mails.failed)}
          </li>
        )}
        {mails.skipped > 0 && (
          <li part="skipped" data-count={mails.skipped}>
            {T.skipped(mails.skipped)}
          </li>
        )}
      </ul>
      {!launch.mailConfigured && (
        <p className="kl__failed" part="not-configured">
          {T.notConfigured}
        </p>
      )}
      <p className="kl__status" role="status" part="status">
        {status}
      </p>
      <Modal open={asking} onClose={() => setAsking(false)} labelledBy={askId} describedBy={bodyId}>
        <h2 className="kl__heading" id={askId}>
          {launch.onSale ? T.offTitle : T.confirmTitle}
        </h2>
        <p id={bodyId}>{launch.onSale ? T.offBody : T.confirmBody(launch.waiting)}</p>
        <div className="kl__actions">
          <button type="button" className="kyb-btn kyb-btn--outline" part="back" data-autofocus onClick={() => setAsking(false)}>
            {T.back}
          </button>
          <button type="button" className="kyb-btn" part="confirm" aria-disabled={busy} onClick={() => !busy && void flip()}>
            {launch.onSale ? T.off : T.confirm}
          </button>
        </div>
      </Modal>
    </section>
  );
}
