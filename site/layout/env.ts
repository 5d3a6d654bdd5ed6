/**
 * The build's values (layout/Document.tsx `SiteEnv`) for a page that needs them while it renders: /links
 * writes its links' ping address from the backend URL. Provided by Document around every page. A module
 * of its own because pages are imported by the route table, which the layout imports: from Document the
 * context would close that circle.
 */
import { createContext } from 'preact';
import type { SiteEnv } from './Document.tsx';

export const SiteEnvContext = createContext<SiteEnv | null>(null);
