import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder registered by the session lead; the helper that owns this module replaces it.
export const adminRoleRoutes: FastifyPluginAsyncZod = async () => {};
