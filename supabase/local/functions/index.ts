import type { Service } from '../http.ts';
import { json } from '../http.ts';

/** TODO: the functions service. */
export const functions: Service = async () => json({ message: 'not implemented' }, 501);
