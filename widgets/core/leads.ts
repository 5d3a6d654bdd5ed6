/**
 * Lead capture: the forms the spec leaves unsent (docs/data.md#entities, #calls: partnership inquiry, beta requests,
 * the access modal, Vault and merchandise opt-ins) are stored here through the `lead-capture`
 * function, validated first with the same schema the function enforces (contracts.ts `leadPayloads`).
 *
 * API
 * - `submitLead(kind, payload, {sourcePage?, website?})` → `LeadResult`: POSTs `{kind, payload,
 *   sourcePage, website}` with functions-js alone and the anon key (never auth-js: a visitor filling
 *   a form needs no session, and the function does not read one). Never throws.
 * - `readLeadAnswer(status, body)`: the pure mapping of the function's answer (`{message}` |
 *   `{error, fields?}` | anything else) to a `LeadResult` (unit-tested).
 * - `validateLead(kind, values)` → `{ok: true, data}` | `{ok: false, fields}` (first message per field).
 * - `leadFailureToast(result)`: the function's own `error` as "Submission failed: …", or the generic
 *   "Something went wrong" for network failures and answers without an `error` (docs/errors.md's wording).
 * - `useLeadForm(kind, initial, options)`: the form state every lead form shares (values, inline
 *   errors, editing → submitting → done, a honeypot, `reset()`); on success it dispatches
 *   `kyb-lead-submitted` `{kind}` on the element. On failure what was typed stays on screen.
 */
import { createElement, useCallback, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { FunctionsClient } from '@supabase/functions-js';
import type * as z from 'zod/mini';
import { leadPayloads, type LeadKind, MESSAGES, type Toast } from './domain.ts';
import { getConfig, type KybConfig } from './config.ts';
import { emit } from './events.ts';
import { INVALID, errorsOf } from './form.tsx';
import { clientId, pageWide } from './registry.ts';
import type { ToastMessage } from './toast.tsx';

/** Query parameter with which the access modal sends a beta requester to the beta page, which then
 * shows the request's thank-you (what happens next) instead of the password prompt (issue #8). */
export const BETA_REQUEST_SENT = 'request=sent';

export type { LeadKind };
export type LeadInput<K extends LeadKind> = z.input<(typeof leadPayloads)[K]>;
export type LeadData<K extends LeadKind> = z.output<(typeof leadPayloads)[K]>;

export type LeadResult =
  | { ok: true; message: string }
  | {
      ok: false;
      /** HTTP status, or null when the request never got an answer (network, missing configuration). */
      status: number | null;
      /** The function's `error` text, when it sent one. */
      message: string | null;
      /** Inline messages per payload field (`fields` of a 400). */
      fields: Record<string, string>;
    };

const NETWORK_FAILURE: LeadResult = { ok: false, status: null, message: null, fields: {} };

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** Maps the function's answer to a result; `status` null = no answer at all. */
export function readLeadAnswer(status: number | null, body: unknown): LeadResult {
  if (status === null) return NETWORK_FAILURE;
  const error = isRecord(body) && typeof body.error === 'string' && body.error.trim() ? body.error : null;
  if (status >= 200 && status < 300 && !error) {
    return { ok: true, message: isRecord(body) && typeof body.message === 'string' ? body.message : '' };
  }
  const fields: Record<string, string> = {};
  if (error && isRecord(body) && isRecord(body.fields)) {
    for (const [k, v] of Object.entries(body.fields)) if (typeof v === 'string' && v) fields[k] = v;
  }
  return { ok: false, status, message: error, fields };
}

export function leadFailureToast(result: LeadResult): Toast {
  if (result.ok || !result.message) return MESSAGES.somethingWentWrong;
  return { title: 'Submission failed', description: result.message, variant: 'destructive' };
}

export function validateLead<K extends LeadKind>(kind: K, values: unknown): { ok: true; data: LeadData<K> } | { ok: false; fields: Record<string, string> } {
  const parsed = leadPayloads[kind].safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as LeadData<K> };
  return { ok: false, fields: errorsOf(parsed) };
}

/** One anonymous functions client per backend per page (the same registry entry functions.ts uses). */
function functionsClient(cfg: KybConfig): FunctionsClient {
  const map = pageWide('functions', () => new Map<string, FunctionsClient>());
  const id = clientId(cfg);
  let c = map.get(id);
  if (!c) {
    c = new FunctionsClient(`${cfg.supabaseUrl}/functions/v1`, {
      headers: { apikey: cfg.supabaseAnonKey, Authorization: `Bearer ${cfg.supabaseAnonKey}` },
    });
    map.set(id, c);
  }
  return c;
}

export async function submitLead<K extends LeadKind>(kind: K, payload: LeadData<K> | LeadInput<K>, opts: { sourcePage?: string; website?: string } = {}): Promise<LeadResult> {
  let cfg: KybConfig;
  try {
    cfg = getConfig();
  } catch (e) {
    console.error('[kyb]', e);
    return NETWORK_FAILURE;
  }
  const sourcePage = (opts.sourcePage || (typeof location === 'undefined' ? '' : location.pathname)).slice(0, 300);
  const body = { kind, payload, ...(sourcePage ? { sourcePage } : {}), ...(opts.website ? { website: opts.website } : {}) };
  let res: { data: unknown; error: unknown };
  try {
    res = await functionsClient(cfg).invoke('lead-capture', { body });
  } catch (e) {
    console.error('[kyb] lead-capture', e);
    return NETWORK_FAILURE;
  }
  if (!res.error) return readLeadAnswer(200, res.data);
  const ctx = (res.error as { context?: unknown }).context;
  // FunctionsHttpError carries the raw Response; FunctionsFetchError (network) does not.
  if (ctx instanceof Response) {
    let parsed: unknown = null;
    try {
      parsed = await ctx.clone().json();
    } catch {
      /* not JSON: no message to show */
    }
    return readLeadAnswer(ctx.status, parsed);
  }
  console.error('[kyb] lead-capture', res.error);
  return NETWORK_FAILURE;
}

// ---------------------------------------------------------------- the shared form state

export type LeadStatus = 'editing' | 'submitting' | 'done';

export interface LeadFormOptions<K extends LeadKind> {
  toast: (t: ToastMessage) => void;
  /** The custom element (for kyb-lead-submitted). */
  host: () => EventTarget | null;
  /** Focus a selector after the next render (useFocusAfterRender's `focus`). */
  focus?: (selector: string) => void;
  /** The spec's delays (Vault: 1 s): the done state never comes sooner than this. */
  minDurationMs?: number;
  sourcePage?: string;
  /** Extra payload fields the visitor does not type (the Vault item, the merchandise id). */
  extra?: () => Partial<LeadInput<K>>;
  onSuccess?: (data: LeadData<K>, message: string) => void;
}

/** The cause of a lead form's failure toast (core/toast.tsx): a later success withdraws it. */
const SUBMIT_CAUSE = 'submit';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function useLeadForm<K extends LeadKind, V extends Record<string, string>>(kind: K, initial: V, opts: LeadFormOptions<K>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<LeadStatus>('editing');
  const [website, setWebsite] = useState('');
  // Bumped by reset(): an answer arriving after Back/close belongs to a form that no longer exists.
  const generation = useRef(0);
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const set = useCallback(
    (k: keyof V & string) => (v: string) => {
      setValues((x) => ({ ...x, [k]: v }));
      setErrors((e) => (e[k] ? { ...e, [k]: '' } : e));
    },
    [],
  );

  const reset = useCallback(() => {
    generation.current++;
    setValues(initial);
    setErrors({});
    setWebsite('');
    setStatus('editing');
    // `initial` is a constant of the calling component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(e?: FormEvent): Promise<boolean> {
    e?.preventDefault();
    if (status === 'submitting') return false;
    const o = optsRef.current;
    const checked = validateLead(kind, { ...values, ...(o.extra?.() ?? {}) });
    if (!checked.ok) {
      setErrors(checked.fields);
      o.focus?.(INVALID);
      return false;
    }
    setErrors({});
    setStatus('submitting');
    const gen = generation.current;
    const [r] = await Promise.all([submitLead(kind, checked.data, { sourcePage: o.sourcePage, website }), sleep(o.minDurationMs ?? 0)]);
    if (gen !== generation.current) return false;
    if (r.ok) {
      setStatus('done');
      // A failure shown from an earlier try is out of date (issue #23).
      o.toast({ withdraw: SUBMIT_CAUSE });
      emit(o.host(), 'kyb-lead-submitted', { kind });
      o.onSuccess?.(checked.data, r.message);
      return true;
    }
    setStatus('editing');
    const known = Object.fromEntries(Object.entries(r.fields).filter(([k]) => k in initial));
    setErrors(known);
    o.toast({ ...leadFailureToast(r), cause: SUBMIT_CAUSE });
    if (Object.keys(known).length) o.focus?.(INVALID);
    return false;
  }

  /** Hidden field bots fill and people never see (the function accepts and drops such posts). */
  const honeypot: ReactElement = createElement(
    'div',
    { className: 'kyb-hp', 'aria-hidden': 'true', style: { position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' } },
    createElement(
      'label',
      null,
      'Website',
      createElement('input', {
        type: 'text',
        name: 'website',
        tabIndex: -1,
        autoComplete: 'off',
        value: website,
        onChange: (ev: { currentTarget: HTMLInputElement }) => setWebsite(ev.currentTarget.value),
      }),
    ),
  );

  return { values, set, errors, status, busy: status === 'submitting', submit, reset, honeypot, setValues };
}
