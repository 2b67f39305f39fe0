// Types of scripts/system-packages.mjs for the TypeScript files that import it (server/nginx.api.test.ts).
export interface SystemProgram {
  name: string;
  envVar: string;
  defaultPath: string;
  aptPackages: string[];
}
export const CHROMIUM: SystemProgram;
export const NGINX: SystemProgram;
export const OPENSSL: SystemProgram;
export function findProgram(program: SystemProgram, opts?: { install?: boolean }): string;
export function findNginx(opts?: { install?: boolean }): string;
export function findOpenssl(opts?: { install?: boolean }): string;
export const REDIS_SERVER: SystemProgram;
export function findRedisServer(opts?: { install?: boolean }): string;
export const SQLMAP: SystemProgram;
export function findSqlmap(opts?: { install?: boolean }): string;
