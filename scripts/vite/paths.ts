/**
 * The widget build's two paths, for the config and its plugins (one computation, so every module names a
 * file by the same absolute id): the repository root and widgets/, both with a trailing slash.
 */
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const widgets = `${root}widgets/`;
