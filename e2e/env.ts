import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the e2e server keeps its database, outbox and uploads (wiped at each start). */
export const e2eDir = path.dirname(fileURLToPath(import.meta.url));
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const tmpDir = path.join(e2eDir, '.tmp', String(PORT));
export const outboxDir = path.join(tmpDir, 'outbox');
export const baseURL = `http://localhost:${PORT}`;
/** ADMIN_EMAILS of the e2e server: signing up with this address makes an admin. */
export const ADMIN_EMAIL = 'admin@toolsify.test';
