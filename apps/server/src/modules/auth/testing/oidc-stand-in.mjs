// A local OpenID provider standing in for Google in the tests (API tests and the e2e
// harness), built on the oidc-provider package. Plain JavaScript so e2e/server.mjs can load
// it with node alone; types in oidc-stand-in.d.mts.
//
// Its sign-in page (oidc-provider's development interaction) takes any email as the login
// and any password. The account's name comes from the email ("jane.doe@..." -> "Jane Doe");
// an email whose name part contains "unverified" has email_verified=false.
import http from 'node:http';
import { Provider } from 'oidc-provider';

/** The claims the stand-in tells about the account signed in as `login`. */
export function claimsFor(login) {
  const email = String(login).trim().toLowerCase();
  const local = email.split('@')[0] ?? email;
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
  return { sub: email, email, email_verified: !local.includes('unverified'), name: name || email };
}

/**
 * Starts the provider on `port` (0: any free port) and answers its issuer URL.
 * @param {{ clientId: string, clientSecret: string, redirectUris: string[], port?: number, host?: string }} options
 */
export async function startOidcStandIn({ clientId, clientSecret, redirectUris, port = 0, host = '127.0.0.1' }) {
  /** @type {http.RequestListener} */
  let handle = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const issuer = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => claimsFor(sub) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-stand-in-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    // A first-party client, like Google for its own apps: no consent screen.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  handle = provider.callback();

  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
