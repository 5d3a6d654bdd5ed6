import type { Service } from '../http.ts';
import { json } from '../http.ts';

/** TODO: the auth service. */
export const auth: Service = async () => json({ message: 'not implemented' }, 501);
