import type { Service } from './http.ts';
import { json } from './http.ts';

/** TODO: dev inbox page listing sent mail. */
export const inbox: Service = async (_req, _path, ctx) => json(ctx.mail);
