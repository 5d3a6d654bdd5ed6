/**
 * Where the dev inbox keeps its mail: the stack's own database, in a private schema (`local_inbox`,
 * created here, not by a migration: hosted Supabase has no such thing, and the API roles get no
 * privilege on it, so PostgREST never exposes it). Mail therefore survives a restart of the stack on
 * the same data directory or server, and a kill -9: a mail is stored before the request that sent it
 * is answered.
 *
 * `mails` is the newest INBOX_CAPACITY mails, oldest first, read once at start and kept in step with
 * the table by add(), which is the only writer: the inbox page and the tests read it synchronously
 * (ctx.mail). One stack per database is assumed (a second stack on the same database would not see
 * the first one's new mail until it restarts).
 */
import type { Db, Query } from './db.ts';
import { keyTableSql, pruneKeys } from './idempotency.ts';

/** The inbox keeps the newest mails only. */
export const INBOX_CAPACITY = 500;
export const INBOX_SCHEMA = 'local_inbox';
export const INBOX_KEYS = `${INBOX_SCHEMA}.idempotency_keys`;

const SCHEMA_SQL = `
  create schema if not exists ${INBOX_SCHEMA};
  revoke all on schema ${INBOX_SCHEMA} from public;
  create table if not exists ${INBOX_SCHEMA}.mails (
    seq bigserial primary key,
    id text not null unique,
    to_address text not null,
    subject text not null,
    kind text not null,
    link text not null default '',
    text text not null,
    html text,
    created_at text not null
  );
  ${keyTableSql(INBOX_KEYS)};
`;

/** One mail the stack sent (auth's mails, and the functions' through POST /inbox/emails), as the dev inbox shows it. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  /** `notification`: sent by a function through the e-mail API stand-in (POST /inbox/emails). */
  kind: 'confirmation' | 'recovery' | 'email_change' | 'magiclink' | 'reauthentication' | 'notification';
  link: string;
  text: string;
  /** The HTML part, when the sender gave one (Resend's `html`). */
  html?: string;
  created_at: string;
}

export interface MailStore {
  /** The stored mail, oldest first (at most INBOX_CAPACITY). */
  readonly mails: Mail[];
  /**
   * Stores mails and makes them visible. With `q`, inside the caller's transaction: the caller must
   * call `published()` with the same mails once it has committed.
   */
  add(mails: Mail[], q?: Query): Promise<void>;
  published(mails: Mail[]): void;
}

type Row = { id: string; to_address: string; subject: string; kind: Mail['kind']; link: string; text: string; html: string | null; created_at: string };

const toMail = (r: Row): Mail => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  kind: r.kind,
  link: r.link,
  text: r.text,
  ...(r.html === null ? {} : { html: r.html }),
  created_at: r.created_at,
});

export async function openMailStore(db: Db): Promise<MailStore> {
  await db.exec(SCHEMA_SQL);
  await pruneKeys(db.query, INBOX_KEYS);
  const rows = await db.query<Row>(`select * from (select * from ${INBOX_SCHEMA}.mails order by seq desc limit ${INBOX_CAPACITY}) newest order by seq`);
  const mails: Mail[] = rows.rows.map(toMail);
  const insert = async (q: Query, list: Mail[]) => {
    for (const m of list) {
      await q(`insert into ${INBOX_SCHEMA}.mails (id, to_address, subject, kind, link, text, html, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        m.id,
        m.to,
        m.subject,
        m.kind,
        m.link,
        m.text,
        m.html ?? null,
        m.created_at,
      ]);
    }
    // The capacity rule, in the table too: only the newest INBOX_CAPACITY mails are kept.
    await q(`delete from ${INBOX_SCHEMA}.mails where seq <= (select seq from ${INBOX_SCHEMA}.mails order by seq desc offset ${INBOX_CAPACITY} limit 1)`);
  };
  const published = (list: Mail[]) => {
    mails.push(...list);
    if (mails.length > INBOX_CAPACITY) mails.splice(0, mails.length - INBOX_CAPACITY);
  };
  return {
    mails,
    async add(list, q) {
      if (!list.length) return;
      if (q) return insert(q, list);
      await db.tx((t) => insert(t, list));
      published(list);
    },
    published,
  };
}
