import type { FieldEncryption } from './lib/field-encryption';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { TokenKeys } from './auth/tokens';
import type { SiteSettings } from '@server/modules/site-setting';
import type { FileStore } from '@server/modules/file';
import type { Delivery } from '@server/modules/delivery';
import type { BoardCaching } from '@server/modules/board';
import type { VisitorKeys } from '@server/modules/visitor-key';
import type { VisitCounter } from '@server/modules/visit';

/**
 * What every route module may use, made once in `buildApp` (server/app.ts) and reached through
 * `app.deps`. Modules import this type and `getCaller` (server/auth/request-caller.ts), never
 * server/app.ts: the composition root imports the modules, not the other way round.
 */
export interface AppDeps {
  db: Db;
  config: Config;
  keys: TokenKeys;
  settings: SiteSettings;
  files: FileStore;
  /** Every expiry, limit and lockout decision reads this clock (tests replace it). */
  clock: Clock;
  delivery: Delivery;
  /** Guest answers of the boards, their invalidation across instances, buffered view counts. */
  boardCaching: BoardCaching;
  /** A visitor counted once a day without an address or cookie (page satisfaction, visitor statistics). */
  visitorKeys: VisitorKeys;
  /** Seals and opens fields kept encrypted at rest (second-factor secrets, issue 25). */
  fieldEncryption: FieldEncryption;
  /** Page loads and in-app navigations, buffered and written in batches (visitor statistics, issue 23). */
  visits: VisitCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
