// Types of scripts/site.mjs for the TypeScript files that import it (e2e/xss-admin.spec.ts).
export interface Site {
  baseURL: string;
  /** Stops the server (SIGTERM, SIGKILL after 10 s) and removes its data directory. */
  stop(): Promise<void>;
  /** The server's last lines of log (pino's JSON lines; warnings and errors at LOG_LEVEL warn). */
  log(): string;
}
export function startSite(root: string, options?: { adminPassword?: string; env?: Record<string, string>; name?: string }): Promise<Site>;
