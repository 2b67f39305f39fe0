import { runTool, type ToolRun } from './server-process';

/** `npm run verify-access-records` as an operator runs it, with `env` over this process's (DATABASE_URL empty unless given). */
export function runScript(env: Record<string, string>, args: string[] = []): Promise<ToolRun> {
  return runTool('scripts/verify-access-records.ts', args, { DATABASE_URL: '', ...env });
}
