import type { Service } from '../http.ts';
import { json } from '../http.ts';

/** TODO: the storage service. */
export const storage: Service = async () => json({ message: 'not implemented' }, 501);
