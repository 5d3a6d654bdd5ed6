/**
 * What the admin lists share (kyb-admin-inbox, kyb-admin-orders), as the signed-in admin:
 *
 * - `useDebounced(value)`: the search box's text once typing pauses (SEARCH_DELAY_MS).
 * - `usePagedList({filter, page, count, pageSize, onError})` → `{rows, total, count, loadingMore, refetch,
 *   loadMore}`: the first page and a count, read again whenever the filter changes (by value); a newer load
 *   wins over an older one; `refetch(keep)` reloads at least the rows already shown (after a change);
 *   `loadMore()` appends the next page and never lists a row twice when rows arrived meanwhile. `rows` is
 *   null while the first page loads. A failed read goes to `onError` (each element logs and toasts in its
 *   own words) and leaves the list as it was (empty the first time).
 * - `allPages(client, page, filter, batch)`: every row of the filter, in batches (the CSV export).
 * - `<SearchField prefix placeholder value onValue>`, `<ExportButton prefix disabled read csv fileName onDone
 *   onFail>` (reads the whole filtered view and hands it to the browser as a CSV file, core/csv.ts),
 *   `<ListBody prefix rows total status empty loadingMore onLoadMore actions?>{(row) => …}</ListBody>` (the
 *   status line, with `actions` beside it in a `<prefix>__results` row; the empty note, the list and "Load
 *   more"): drawn alike in both, styled by each element's
 *   `<prefix>__…` classes.
 * - `containsAny(columns, term)`: the search as a PostgREST `or` filter,
 *   `name.ilike."*term*",email.ilike."*term*"`. Each value is in double quotes, so commas, dots and
 *   parentheses in what the admin typed stay part of it (inside the quotes `\` and `"` are escaped with `\`).
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { downloadCsv } from './csv.ts';
import { useAdminCall, type Result } from './admin-gate.tsx';
import type { KybClient } from './supabase.ts';

/** Typing in a search box waits this long before asking the database. */
export const SEARCH_DELAY_MS = 300;

export function useDebounced<T>(value: T, ms = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export type Page<T> = Result<{ rows: T[]; total: number }>;
export type PageFn<T, F> = (c: KybClient, f: F, offset: number, limit: number) => Promise<Page<T>>;

export interface PagedListOptions<T, F> {
  /** What the list shows; compared by value (a new object with the same fields reads nothing again). */
  filter: F;
  page: PageFn<T, F>;
  count: (c: KybClient) => Promise<Result<number>>;
  pageSize: number;
  onError: (what: 'list' | 'count', error: unknown) => void;
}

export function usePagedList<T extends { id: string }, F>({ filter, page, count, pageSize, onError }: PagedListOptions<T, F>) {
  const call = useAdminCall();
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [counted, setCounted] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const seq = useRef(0);
  const fns = useRef({ page, count, onError });
  fns.current = { page, count, onError };
  const key = JSON.stringify(filter);

  const refetch = useCallback(
    async (keep = pageSize) => {
      const mine = ++seq.current;
      const f = JSON.parse(key) as F;
      const { page: read, count: countFn, onError: fail } = fns.current;
      const [list, n] = await Promise.all([call((c) => read(c, f, 0, Math.max(pageSize, keep))), call(countFn)]);
      if (mine !== seq.current) return;
      if (list.ok) {
        setRows(list.value.rows);
        setTotal(list.value.total);
      } else {
        fail('list', list.error);
        setRows((xs) => xs ?? []);
      }
      if (n.ok) setCounted(n.value);
      else fail('count', n.error);
    },
    [call, key, pageSize],
  );

  useEffect(() => {
    setRows(null);
    void refetch();
  }, [refetch]);

  const loadMore = async () => {
    if (!rows) return;
    const mine = seq.current;
    setLoadingMore(true);
    const r = await call((c) => fns.current.page(c, JSON.parse(key) as F, rows.length, pageSize));
    setLoadingMore(false);
    if (mine !== seq.current) return;
    if (!r.ok) return fns.current.onError('list', r.error);
    // Rows arriving meanwhile shift the pages: never list one twice.
    const seen = new Set(rows.map((x) => x.id));
    setRows([...rows, ...r.value.rows.filter((x) => !seen.has(x.id))]);
    setTotal(r.value.total);
  };

  return { rows, total, count: counted, loadingMore, refetch, loadMore };
}

/** Every row of the filter, in batches of `batch`. */
export async function allPages<T, F>(c: KybClient, page: PageFn<T, F>, f: F, batch: number): Promise<Result<T[]>> {
  const all: T[] = [];
  for (;;) {
    const r = await page(c, f, all.length, batch);
    if (!r.ok) return r;
    all.push(...r.value.rows);
    if (r.value.rows.length < batch || all.length >= r.value.total) return { ok: true, value: all };
  }
}

const quoted = (s: string) => `"${s.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

export const containsAny = (columns: readonly string[], term: string) => columns.map((col) => `${col}.ilike.${quoted(`*${term}*`)}`).join(',');

export function SearchField({ prefix, placeholder, value, onValue }: { prefix: string; placeholder: string; value: string; onValue: (v: string) => void }) {
  const id = useId();
  return (
    <div className={`kyb-field ${prefix}__search`} part="search">
      <label className="kyb-label" htmlFor={id}>
        Search
      </label>
      <input
        id={id}
        className="kyb-input"
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
    </div>
  );
}

export interface ExportButtonProps<T> {
  prefix: string;
  disabled: boolean;
  read: () => Promise<Result<T[]>>;
  csv: (rows: T[]) => string;
  fileName: () => string;
  onDone: (count: number) => void;
  onFail: (error: unknown) => void;
}

export function ExportButton<T>({ prefix, disabled, read, csv, fileName, onDone, onFail }: ExportButtonProps<T>) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    const r = await read();
    setExporting(false);
    if (!r.ok) return onFail(r.error);
    downloadCsv(csv(r.value), fileName());
    onDone(r.value.length);
  };
  return (
    <button type="button" className={`kyb-btn kyb-btn--outline ${prefix}__export`} part="export" onClick={() => void run()} disabled={exporting || disabled}>
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}

export interface ListBodyProps<T> {
  prefix: string;
  rows: T[] | null;
  total: number;
  /** The status line: loading, or how many are shown of how many. */
  status: string;
  /** What an empty list says. */
  empty: string;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Controls of the list as shown (its CSV export), on the status line's row, at its end. */
  actions?: ReactNode;
  children: (row: T) => ReactNode;
}

export function ListBody<T>({ prefix, rows, total, status, empty, loadingMore, onLoadMore, actions, children }: ListBodyProps<T>) {
  const line = (
    <p className={`${prefix}__status`} role="status" part="status">
      {status}
    </p>
  );
  return (
    <>
      {actions ? (
        <div className={`${prefix}__results`} part="results">
          {line}
          {actions}
        </div>
      ) : (
        line
      )}
      {rows !== null && rows.length === 0 ? (
        <p className={`${prefix}__empty`} part="empty">
          {empty}
        </p>
      ) : null}
      {rows?.length ? (
        <ul className={`${prefix}__list`} part="list">
          {rows.map(children)}
        </ul>
      ) : null}
      {rows && rows.length < total ? (
        <button type="button" className={`kyb-btn kyb-btn--outline ${prefix}__more`} part="load-more" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </>
  );
}
