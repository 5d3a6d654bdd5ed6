/**
 * Media types as PostgREST 12–14 reads them (MediaType.hs, Plan.hs negotiateContent,
 * ApiRequest.hs getPayload): which answer an `Accept` header picks, and which request bodies a
 * `Content-Type` allows. Three outcomes, never a silent fallback:
 * - what this stack serves: JSON arrays (`application/json`, `*\/*`, `application/vnd.pgrst.array+json`)
 *   and single objects (`application/vnd.pgrst.object+json`), each with `;nulls=stripped`;
 * - what PostgREST would serve and this stack does not (CSV, GeoJSON, CSV/form/raw request bodies):
 *   400 PGRST127 naming it;
 * - what PostgREST would not serve either: 406 PGRST107 / 400 PGRST102 with PostgREST's texts. That
 *   includes `application/vnd.pgrst.plan`, which hosted Supabase leaves disabled (`db-plan-enabled`),
 *   and `text/plain`, `text/xml`, `application/octet-stream` answers, which PostgREST only gives
 *   through media type handlers (domains) that this project does not define.
 */
import { invalidBody, mediaTypeError, notImplemented } from './errors.ts';

export type Media = { kind: 'array' | 'object'; stripNulls: boolean };

type Known = 'json' | 'array-strip' | 'object' | 'object-strip' | 'any' | 'csv' | 'geojson' | 'plan' | 'text' | 'xml' | 'octet' | 'openapi' | 'urlencoded';
interface MediaType {
  kind: Known | 'other';
  /** How PostgREST names it in its errors (toMime). */
  mime: string;
}

const CANONICAL: Record<Exclude<Known, 'plan'>, string> = {
  json: 'application/json',
  'array-strip': 'application/vnd.pgrst.array+json;nulls=stripped',
  object: 'application/vnd.pgrst.object+json',
  'object-strip': 'application/vnd.pgrst.object+json;nulls=stripped',
  any: '*/*',
  csv: 'text/csv',
  geojson: 'application/geo+json',
  text: 'text/plain',
  xml: 'text/xml',
  octet: 'application/octet-stream',
  openapi: 'application/openapi+json',
  urlencoded: 'application/x-www-form-urlencoded',
};

/** tokenizeMediaType: `type/subtype` and `;key=value` parameters (anything after them is ignored). */
function tokenize(s: string): { type: string; sub: string; params: Map<string, string> } | null {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)/.exec(s);
  if (!m) return null;
  const params = new Map<string, string>();
  const re = /^\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/;
  let rest = s.slice(m[0].length);
  for (let p = re.exec(rest); p; p = re.exec(rest)) {
    params.set(p[1].toLowerCase(), p[2] ?? p[3]);
    rest = rest.slice(p[0].length);
  }
  return { type: m[1].toLowerCase(), sub: m[2].toLowerCase(), params };
}

function decode(s: string): MediaType {
  const t = tokenize(s);
  if (!t) return { kind: 'other', mime: s };
  const stripped = t.params.get('nulls') === 'stripped';
  const known = (kind: Exclude<Known, 'plan'>): MediaType => ({ kind, mime: CANONICAL[kind] });
  const name = `${t.type}/${t.sub}`;
  switch (name) {
    case 'application/json':
      return known('json');
    case 'application/geo+json':
      return known('geojson');
    case 'text/csv':
      return known('csv');
    case 'text/plain':
      return known('text');
    case 'text/xml':
      return known('xml');
    case 'application/openapi+json':
      return known('openapi');
    case 'application/x-www-form-urlencoded':
      return known('urlencoded');
    case 'application/octet-stream':
      return known('octet');
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return known(stripped ? 'object-strip' : 'object');
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return known(stripped ? 'array-strip' : 'json');
    case '*/*':
      return known('any');
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const format = t.sub.endsWith('+json') ? 'json' : 'text';
      const target = decode(t.params.get('for') ?? 'application/json').mime;
      const given = (t.params.get('options') ?? '').split('|');
      const options = ['analyze', 'verbose', 'settings', 'buffers', 'wal'].filter((o) => given.includes(o));
      return { kind: 'plan', mime: `application/vnd.pgrst.plan+${format}; for="${target}"${options.length ? `; options=${options.join('|')}` : ''}` };
    }
  }
  return { kind: 'other', mime: s };
}

/**
 * The Accept header's media ranges, best first, as wai-extra's parseHttpAccept orders them: spaces
 * removed, `;q=` and what follows cut off, sorted by quality, then by parameters minus wildcards;
 * ties keep their order.
 */
function acceptList(header: string): string[] {
  return header
    .split(',')
    .map((raw, i) => {
      const s = raw.replace(/ /g, '');
      const at = s.indexOf(';q=');
      const type = at < 0 ? s : s.slice(0, at);
      // Haskell's `reads` for a Double: a leading number, anything after it ignored; else 1.
      const q = at < 0 ? null : /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(s.slice(at + 3))?.[0];
      const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0);
      return { type, q: q ? Number(q) : 1, specificity, i };
    })
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.i - b.i)
    .map((r) => r.type);
}

/**
 * The answer's media type for a table, view or function: the first acceptable range that PostgREST has
 * a handler for. No Accept header means `*\/*`; an empty one accepts nothing.
 */
export function negotiate(accept: string | null): Media {
  const types = (accept === null ? ['*/*'] : accept === '' ? [] : acceptList(accept)).map(decode);
  for (const t of types) {
    switch (t.kind) {
      case 'json':
      case 'any':
        return { kind: 'array', stripNulls: false };
      case 'array-strip':
        return { kind: 'array', stripNulls: true };
      case 'object':
      case 'object-strip':
        return { kind: 'object', stripNulls: t.kind === 'object-strip' };
      case 'csv':
        throw notImplemented('text/csv responses (Accept: text/csv) are not implemented by the local stack');
      case 'geojson':
        throw notImplemented('GeoJSON responses (Accept: application/geo+json) are not implemented by the local stack');
    }
  }
  throw mediaTypeError(types.map((t) => t.mime));
}

/**
 * A request body's Content-Type (absent: JSON). JSON is read; CSV and form bodies (tables and
 * functions) and raw text/xml/binary bodies (functions with one unnamed parameter) are what PostgREST
 * reads and this stack does not; anything else PostgREST refuses too.
 */
export function checkBodyMedia(contentType: string | null, isFunction: boolean) {
  const t = decode(contentType ?? 'application/json');
  if (t.kind === 'json') return;
  if (t.kind === 'csv') throw notImplemented('CSV request bodies (Content-Type: text/csv) are not implemented by the local stack');
  if (t.kind === 'urlencoded') throw notImplemented('Form request bodies (Content-Type: application/x-www-form-urlencoded) are not implemented by the local stack');
  if (isFunction && (t.kind === 'text' || t.kind === 'xml' || t.kind === 'octet')) {
    throw notImplemented(`Raw ${t.mime} bodies for a function's single unnamed parameter are not implemented by the local stack`);
  }
  throw invalidBody(`Content-Type not acceptable: ${t.mime}`);
}
