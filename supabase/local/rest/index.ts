import type { Service } from '../http.ts';
import { json } from '../http.ts';

/** TODO: the rest service. */
export const rest: Service = async () => json({ message: 'not implemented' }, 501);
