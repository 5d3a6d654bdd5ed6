/**
 * The /links click counts (issue #22; docs/admin.md#link-clicks): per link, today, the last 7 and the last
 * 30 days, then one link's (or all links') clicks per day for two weeks. Counted without cookies or
 * anything about the visitor (migration link_clicks); days are the studio's (New York time).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { EMBED_MESSAGES, LINK_CLICK_IDS, linkClickLabel } from '../core/domain.ts';
import { useAdminCall, type ToastFn } from '../core/admin-gate.tsx';
import { CLICK_LIST_DAYS, type ClickRow, dayOf, daysBefore, longDay, readClicks, relativeDay, sum } from './clicks.ts';

export function LinkClicks({ toast }: { toast: ToastFn }) {
  const id = useId();
  const call = useAdminCall();
  const [rows, setRows] = useState<ClickRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [link, setLink] = useState<string>('');
  const [today, setToday] = useState(() => dayOf(new Date()));

  const load = useCallback(async () => {
    const now = dayOf(new Date());
    setToday(now);
    setFailed(false);
    const r = await call((c) => readClicks(c, now));
    if (r.ok) setRows(r.value);
    else {
      console.error('[kyb-embed-builder] could not read the link clicks', r.error);
      toast(EMBED_MESSAGES.clicksFailed);
      setFailed(true);
      setRows((x) => x ?? []);
    }
  }, [call, toast]);

  useEffect(() => {
    void load();
  }, [load]);

  const days = Array.from({ length: CLICK_LIST_DAYS }, (_, i) => daysBefore(today, i));
  const chosen = link || null;
  return (
    <section className="eb-clicks" part="clicks" aria-labelledby={`${id}-h`} aria-busy={rows === null || undefined}>
      <h2 className="eb__heading" part="heading" id={`${id}-h`}>
        Link-in-bio clicks
      </h2>
      <p className="eb__lead">
        How often visitors followed each link of{' '}
        <a className="kyb-link" href="/links">
          /links
        </a>
        , counted per day in New York time, with no cookies and nothing about who clicked.
      </p>
      {rows === null ? (
        <p role="status">Loading clicks…</p>
      ) : (
        <>
          {failed ? (
            <p className="eb-clicks__failed">
              The click counts could not be read.{' '}
              <button type="button" className="kyb-link kyb-link--button" onClick={() => void load()}>
                Try again
              </button>
            </p>
          ) : null}
          <div className="eb-table-wrap">
            <table className="eb-table" part="clicks-table">
              <caption className="kyb-sr-only">Clicks per link</caption>
              <thead>
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col">Today</th>
                  <th scope="col">7 days</th>
                  <th scope="col">30 days</th>
                </tr>
              </thead>
              <tbody>
                {LINK_CLICK_IDS.map((l) => (
                  <tr key={l}>
                    <th scope="row">{linkClickLabel(l)}</th>
                    <td>{sum(rows, l, today, 1)}</td>
                    <td>{sum(rows, l, today, 7)}</td>
                    <td>{sum(rows, l, today, 30)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All links</th>
                  <td>{sum(rows, null, today, 1)}</td>
                  <td>{sum(rows, null, today, 7)}</td>
                  <td>{sum(rows, null, today, 30)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="kyb-field eb-clicks__pick">
            <label className="kyb-label" htmlFor={`${id}-link`}>
              Clicks per day
            </label>
            <select id={`${id}-link`} className="kyb-select" value={link} onChange={(e) => setLink(e.currentTarget.value)}>
              <option value="">All links</option>
              {LINK_CLICK_IDS.map((l) => (
                <option key={l} value={l}>
                  {linkClickLabel(l)}
                </option>
              ))}
            </select>
          </div>
          <table className="eb-table eb-table--days" part="days">
            <caption className="kyb-sr-only">{`Clicks per day, ${chosen ? linkClickLabel(chosen) : 'all links'}`}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d}>
                  <th scope="row">
                    <time dateTime={d} title={longDay(d)}>
                      {relativeDay(d, today)}
                    </time>
                  </th>
                  <td>{sum(rows, chosen, d, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="kyb-btn kyb-btn--outline eb-clicks__refresh" onClick={() => void load()}>
            Refresh
          </button>
        </>
      )}
    </section>
  );
}
