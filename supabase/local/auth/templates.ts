/**
 * The auth e-mails' templates as a Supabase project ships them (issue #29, item 5): `[auth.email.template.*]`
 * of supabase/config.toml names each one's subject and file (supabase/templates/*.html). The hosted
 * project gets the same files through `supabase config push` (README, "Deploy"); this stack reads them
 * at send time, so the dev inbox shows exactly what a customer will get.
 *
 * Rendering: GoTrue fills Go templates; these files use only its plain variables (`{{ .ConfirmationURL }}`,
 * `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .RedirectTo }}`, `{{ .Email }}`, `{{ .NewEmail }}`),
 * each HTML-escaped as html/template escapes it in text and attributes. A template that names anything
 * else is refused, rather than sent with a hole in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfigToml } from '../config.ts';
import { SUPABASE_DIR } from '../db.ts';

export type AuthTemplateId = 'confirmation' | 'invite' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

export interface AuthTemplate {
  id: AuthTemplateId;
  subject: string;
  /** The file under supabase/templates/. */
  file: string;
}

export type AuthTemplateData = Partial<Record<'ConfirmationURL' | 'Token' | 'TokenHash' | 'SiteURL' | 'RedirectTo' | 'Email' | 'NewEmail', string>> & { Data?: unknown };

/** The templates config.toml declares, in its order. */
export function authTemplates(toml = readConfigToml()): AuthTemplate[] {
  const out: AuthTemplate[] = [];
  for (const m of toml.matchAll(/^\[auth\.email\.template\.([a-z_]+)\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/gm)) {
    const subject = /^subject\s*=\s*"([^"]*)"/m.exec(m[2])?.[1];
    const path = /^content_path\s*=\s*"([^"]*)"/m.exec(m[2])?.[1];
    if (!subject || !path) throw new Error(`supabase/config.toml: [auth.email.template.${m[1]}] needs a subject and a content_path`);
    const file = /^\.\/supabase\/templates\/([^/]+\.html)$/.exec(path)?.[1];
    if (!file) throw new Error(`supabase/config.toml: [auth.email.template.${m[1]}] content_path must be ./supabase/templates/<name>.html, got ${path}`);
    out.push({ id: m[1] as AuthTemplateId, subject, file });
  }
  return out;
}

export const AUTH_TEMPLATES = authTemplates();

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);

export function renderAuthTemplate(template: string, data: AuthTemplateData): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
    const v = (data as Record<string, unknown>)[name];
    if (typeof v !== 'string') throw new Error(`auth template: ${whole} is not a variable this mail has`);
    return esc(v);
  });
}

/** The template file's text (read at each send: editing a template needs no restart). */
export function readAuthTemplate(t: AuthTemplate): string {
  return readFileSync(join(SUPABASE_DIR, 'templates', t.file), 'utf8');
}
