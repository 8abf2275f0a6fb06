// The few parts of the oidc-provider package (which ships no types) that e2e/oidc-provider.spec.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Array<{ client_id: string; client_secret: string; redirect_uris: string[] }>;
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    findAccount(ctx: unknown, sub: string): Promise<Account>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
