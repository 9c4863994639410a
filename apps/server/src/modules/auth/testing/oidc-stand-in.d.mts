export interface OidcStandIn {
  /** e.g. http://127.0.0.1:43117 (GOOGLE_ISSUER for the app under test). */
  issuer: string;
  close(): Promise<void>;
}

export function claimsFor(login: string): { sub: string; email: string; email_verified: boolean; name: string };

export function startOidcStandIn(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
  host?: string;
}): Promise<OidcStandIn>;
