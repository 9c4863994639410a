import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../../config.ts';

/**
 * Google sign-in through OpenID Connect (DESIGN.md decision 5): the genericOAuth plugin with
 * provider id `google` and a configurable issuer, so tests can stand a local provider in.
 * Without GOOGLE_CLIENT_ID/SECRET there is no provider, and the web app says so.
 */
export function googlePlugins(config: Config) {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return [];
  const issuer = config.GOOGLE_ISSUER.replace(/\/$/, '');
  return [
    genericOAuth({
      config: [
        {
          providerId: 'google',
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          discoveryUrl: `${issuer}/.well-known/openid-configuration`,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        },
      ],
    }),
  ];
}

export function googleEnabled(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}
