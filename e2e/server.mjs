// Starts the production build for the browser tests on a fresh SQLite database with demo data.
// Google sign-in goes to a local OpenID provider (the oidc-provider stand-in) started here;
// extra environment (e.g. GOOGLE_* for a provider of your own) is passed through.
import { rmSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcStandIn } from '../apps/server/src/modules/auth/testing/oidc-stand-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = process.env.E2E_PORT ?? '4173';
// One folder per port, so two suites on two ports never share a database.
const tmp = path.join(here, '.tmp', port);
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

// Google sign-in goes to a local OpenID provider standing in for Google (any free port, or
// E2E_OIDC_PORT), unless GOOGLE_* is given or E2E_OIDC=0 (then the server has no Google).
const google = {};
let oidc = null;
if (!process.env.GOOGLE_CLIENT_ID && process.env.E2E_OIDC !== '0') {
  const client = { clientId: 'toolsify-e2e', clientSecret: 'toolsify-e2e-secret' };
  oidc = await startOidcStandIn({
    ...client,
    redirectUris: [`http://localhost:${port}/api/auth/callback/google`],
    port: Number(process.env.E2E_OIDC_PORT ?? 0),
  });
  Object.assign(google, { GOOGLE_CLIENT_ID: client.clientId, GOOGLE_CLIENT_SECRET: client.clientSecret, GOOGLE_ISSUER: oidc.issuer });
}

const child = spawn(process.execPath, [path.join(here, '../apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: `file:${path.join(tmp, 'e2e.db')}`,
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    SEED_DEMO: 'true',
    ADMIN_EMAILS: 'admin@toolsify.test',
    RATE_LIMIT: 'false',
    UNPAID_ORDER_TTL_HOURS: '72',
    // No low-stock emails to the admin mid-run: specs read the admin's newest email.
    LOW_STOCK_ALERT_MINUTES: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-1234',
    ...google,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code) => {
  await oidc?.close();
  process.exit(code ?? 0);
});
