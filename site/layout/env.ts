/**
 * The build's values (`SiteEnv`) and their context, for a page that needs them while it renders: /links
 * writes its links' ping address from the backend URL. Provided by Document around every page. A module
 * of its own, importing nothing of the site, because pages are imported by the route table, which the
 * layout imports: in Document, the context (or the type) would close that circle.
 */
import { createContext } from 'preact';

export interface SiteEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Where the deployed site lives (auth redirects); canonical URLs always use BUSINESS.siteUrl. */
  siteUrl: string;
  /** href of the built stylesheet. */
  stylesheet: string;
  /** href of the /embed pages' stylesheet (layout/EmbedDocument.tsx). */
  embedStylesheet: string;
  /** src of the widget loader. */
  widgetScript: string;
}

export const SiteEnvContext = createContext<SiteEnv | null>(null);
