/**
 * kyb-embed-resizer.js: the optional line a host page adds after a KYB iframe (issue #22;
 * docs/embedding.md):
 *
 *   <script src="https://<site>/widgets/kyb-embed-resizer.js" async></script>
 *
 * It sizes every iframe of the page that shows an /embed page of the site it came from to the height
 * that page reports (frame.ts), so the frame never scrolls inside and never leaves a gap. Without it a
 * frame keeps the fixed height of its snippet and scrolls inside when its content is taller.
 *
 * The message is matched to its frame by `event.source` (a sandboxed frame's origin is "null", so the
 * origin cannot say which frame spoke), and only frames whose address is this site's /embed/ are
 * resized. A classic script, one per page however often it is included; styles are set through CSSOM,
 * which a host's strict CSP allows.
 */
import { embedHeight } from './message.ts';

const KEY = Symbol.for('kyb.embed-resizer');
const g = window as unknown as Record<symbol, boolean>;
const src = (document.currentScript as HTMLScriptElement | null)?.src;

if (src && !g[KEY]) {
  g[KEY] = true;
  const prefix = `${new URL(src).origin}/embed/`;
  addEventListener('message', (e) => {
    const height = embedHeight(e.data);
    if (height === null) return;
    for (const frame of document.getElementsByTagName('iframe')) {
      if (frame.contentWindow !== e.source) continue;
      if (frame.src.startsWith(prefix)) {
        frame.style.height = `${height}px`;
        frame.style.border = '0';
      }
      return;
    }
  });
}
