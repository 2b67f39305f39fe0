// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Health and readiness answers for load balancers and orchestrators (issue 10, "Operating"). */
export const healthResponse = successEnvelope(z.object({ status: z.literal('ok') }));
export const readyResponse = successEnvelope(z.object({ status: z.literal('ready') }));

export const opsMessages = {
  notReady: '서비스를 준비하고 있습니다. 잠시 후 다시 시도해주세요.',
  draining: '서버를 종료하고 있습니다. 잠시 후 다시 시도해주세요.',
  /** A body over the limit (the app's own, or nginx's before the app sees it). */
  requestTooLarge: '요청 크기가 너무 큽니다.',
  /** A client that sent its request too slowly (HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS). */
  requestTimeout: '요청을 받는 시간이 초과되었습니다. 다시 시도해주세요.',
  /** The database or the file storage cannot be reached (restart, failover), or a statement ran past its time limit. */
  temporarilyUnavailable: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해주세요.',
} as const;
