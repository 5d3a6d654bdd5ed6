/**
 * The admin inbox's CSV export (widgets/core/csv.ts, data.ts inboxCsv): RFC 4180 quoting and
 * the guard against spreadsheet formula injection.
 */
import { describe, it, expect } from 'vitest';
import { csvCell, toCsv } from '../../widgets/core/csv.ts';
import { CSV_HEADER, exportFileName, inboxCsv, type InboxItem } from '../../widgets/admin-inbox/data.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('turns a cell that a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x@example.com')).toBe('x@example.com');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', 'x,y'],
          ['', null],
        ],
      ),
    ).toBe('A,B\r\n1,"x,y"\r\n,\r\n');
  });
});

describe('inboxCsv', () => {
  const item = (over: Partial<InboxItem>): InboxItem => ({
    id: '1',
    source: 'lead',
    kind: 'partnership',
    form: 'partnership',
    status: 'new',
    name: 'Gia',
    email: 'gia@example.com',
    company: 'Crown, Co',
    role: null,
    message: 'Hello\n"there"',
    source_page: '/partners',
    payload: { name: 'Gia', email: 'gia@example.com', company: 'Crown, Co', partnershipType: 'supplier', message: 'Hello\n"there"' },
    consent: null,
    notification: 'sent',
    created_at: '2026-11-23T20:00:00+00:00',
    ...over,
  });

  it('writes one row per item under the header, every field it carried included', () => {
    const sub = item({
      id: '2',
      source: 'subscriber',
      kind: 'newsletter',
      form: 'newsletter',
      status: 'handled',
      name: '=cmd',
      company: null,
      message: null,
      payload: { subscription: 'subscribed' },
      notification: null,
      consent: { version: 'v1', ledger: [{ action: 'subscribe', version: 'v1', sourcePage: '/blog', at: '2026-11-23T19:00:00+00:00' }] },
    });
    const lines = inboxCsv([item({}), sub]).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[1]).toBe('2026-11-23T20:00:00+00:00,Partnership,partnership,New,Gia,gia@example.com,"Crown, Co",,"Hello\n""there""",Partnership type: supplier,/partners,,sent');
    expect(lines[2]).toBe(
      "2026-11-23T20:00:00+00:00,Newsletter,newsletter,Handled,'=cmd,gia@example.com,,,,Subscription: subscribed,/partners,consent to the KYB newsletter (wording v1); subscribe 2026-11-23T19:00:00+00:00 (v1) on /blog,",
    );
    expect(lines[3]).toBe('');
  });

  it('says what a subscription is consent to: a waiting-list sign-up to the kit launch only, never the newsletter (issue #23)', () => {
    const waiting = item({
      source: 'subscriber',
      kind: 'waiting_list',
      form: 'diy-kit-waitlist',
      name: '',
      company: null,
      message: null,
      payload: { subscription: 'subscribed' },
      notification: null,
      consent: { version: 'waitlist-2025-01', ledger: [] },
    });
    const [, row] = inboxCsv([waiting]).split('\r\n');
    expect(row).toContain(',Waiting list,diy-kit-waitlist,New,,gia@example.com,');
    expect(row).toContain('consent to the DIY Trinity Loc Kit launch only (wording waitlist-2025-01)');
    expect(row).not.toMatch(/newsletter/i);
  });

  it('names the file after the day of the export', () => {
    expect(exportFileName(new Date('2026-11-23T23:59:00Z'))).toBe('kyb-inbox-2026-11-23.csv');
  });
});
