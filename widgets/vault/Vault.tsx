/**
 * kyb-vault (docs/tools.md#vault-and-resources, #states, #validation, docs/data.md#calls, docs/tools.md#limits): the three free downloads
 * as cards. Each takes an e-mail (submit disabled while empty or busy); the opt-in is stored as lead
 * `vault_optin` {email, item}; after the spec's 1 s delay the card is marked done with a "download
 * started" message and a Download Again link, and the file really downloads. Tracks VaultItemOptIn
 * {item, email}. On failure the e-mail stays and an error toast explains; nothing downloads.
 *
 * Attribute `items`: JSON list of {id, title, description, fileType, href, download?}; defaults to
 * the three Vault files under /downloads/ on the site (items.ts).
 */
import { useId, useMemo } from 'react';
import { track } from '../core/analytics.ts';
import { siteOrigin } from '../core/site.ts';
import { hostOf } from '../core/define.ts';
import { EmailInput, Field, useFocusAfterRender } from '../core/form.tsx';
import { useLeadForm } from '../core/leads.ts';
import { useToasts } from '../core/toast.tsx';
import { downloadTarget, vaultItems, type VaultItem } from './items.ts';

export interface VaultProps {
  /** JSON list of items (see items.ts); the three Vault files by default. */
  items?: string;
  container?: ShadowRoot;
}

/** docs/limits.md: Vault 1 s. */
export const VAULT_DELAY_MS = 1000;

function parseItems(raw: string | undefined): VaultItem[] {
  if (!raw) return vaultItems(undefined);
  try {
    return vaultItems(JSON.parse(raw));
  } catch {
    console.error('[kyb] kyb-vault: the items attribute is not valid JSON; showing the default items');
    return vaultItems(undefined);
  }
}

export function Vault({ items, container }: VaultProps) {
  const list = useMemo(() => parseItems(items), [items]);
  const { toast, toasts } = useToasts();
  return (
    <div className="vault" part="base">
      <ul className="vault__grid" role="list" part="grid">
        {list.map((it) => (
          <VaultCard key={it.id} item={it} toast={toast} container={container} />
        ))}
      </ul>
      {toasts}
    </div>
  );
}

function VaultCard({ item, toast, container }: { item: VaultItem; toast: ReturnType<typeof useToasts>['toast']; container?: ShadowRoot }) {
  const id = useId();
  const { root, focus } = useFocusAfterRender<HTMLLIElement>();
  const target = downloadTarget(item.href, siteOrigin(), location.origin);
  const form = useLeadForm(
    'vault_optin',
    { email: '' },
    {
      toast,
      host: () => hostOf(container),
      focus,
      minDurationMs: VAULT_DELAY_MS,
      extra: () => ({ item: item.title }),
      onSuccess: (data) => {
        track('VaultItemOptIn', { item: item.title, email: data.email });
        startDownload(root.current, target, item.download);
        focus('[data-focus="done"]');
      },
    },
  );
  const done = form.status === 'done';
  const empty = !form.values.email.trim();
  return (
    <li className="vault__card kyb-card" part="card" ref={root} data-item={item.id} data-state={form.status}>
      <p className="vault__type" part="type">
        {item.fileType}
      </p>
      <h3 className="vault__title" id={`${id}-title`} part="title">
        {item.title}
      </h3>
      {item.description ? <p className="vault__text">{item.description}</p> : null}
      {done ? (
        <div className="vault__done" part="done">
          <p className="vault__started" role="status" tabIndex={-1} data-focus="done">
            Your download has started. Enjoy, and check your inbox for more from the Vault!
          </p>
          <a
            className="kyb-btn kyb-btn--outline"
            part="download-again"
            href={target.url}
            {...(target.sameOrigin ? { download: item.download ?? '' } : { target: '_blank', rel: 'noopener' })}
          >
            Download Again<span className="kyb-sr-only">: {item.title}</span>
          </a>
        </div>
      ) : (
        <form className="vault__form" part="form" noValidate onSubmit={(e) => void form.submit(e)} aria-busy={form.busy} aria-labelledby={`${id}-title`}>
          <Field
            label={
              <>
                Email<span className="kyb-sr-only"> for the {item.title}</span>
              </>
            }
            error={form.errors.email || form.errors.item}
          >
            {(a) => <EmailInput {...a} value={form.values.email} onValue={form.set('email')} placeholder="you@example.com" />}
          </Field>
          <button type="submit" className="kyb-btn vault__submit" part="button submit" disabled={empty || form.busy}>
            {form.busy ? 'Preparing...' : 'Download'}
            <span className="kyb-sr-only">: {item.title}</span>
          </button>
        </form>
      )}
    </li>
  );
}

/** Starts the download with a real link click (the browser's own download, no fetch into memory). */
function startDownload(where: HTMLElement | null, target: { url: string; sameOrigin: boolean }, fileName?: string) {
  const a = document.createElement('a');
  a.href = target.url;
  if (target.sameOrigin) a.download = fileName ?? '';
  else {
    a.target = '_blank';
    a.rel = 'noopener';
  }
  a.hidden = true;
  (where ?? document.body).append(a);
  a.click();
  a.remove();
}
