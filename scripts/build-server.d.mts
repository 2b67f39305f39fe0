// Types of scripts/build-server.mjs for the TypeScript files that import it (server/production-build.api.test.ts).
export const serverDist: string;
export const entryPoints: Record<string, string>;
export const serverSources: string[];
export function packageOf(specifier: string): string;
export interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; entryPoint?: string }>;
}
export function externalPackages(metafile: Metafile): string[];
export function renamedErrorClasses(metafile: Metafile): string[];
export function buildServer(options?: { log?: (line: string) => void; outdir?: string; entries?: Record<string, string> }): Promise<void>;
