import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { notFoundTitle, paths } from '@contract';
import { ChunkLoadError, retryAfterChunkError } from '../lib/lazy-route';
import { useDocumentTitle } from '../lib/use-document-title';
import { useNoIndex } from '../lib/use-no-index';

/** The error screen of a route: a failed chunk offers a retry; anything else a way home. */
export function RouteError({ withLayout = false }: { withLayout?: boolean }) {
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = chunkFailed ? '화면을 불러오지 못했습니다' : notFound ? notFoundTitle : '오류가 발생했습니다';
  useDocumentTitle(title);
  useNoIndex(notFound);
  const body = (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      {chunkFailed ? (
        <>
          <p>네트워크 상태가 좋지 않거나 누리집이 새 버전으로 바뀌었을 수 있습니다. 다시 시도해주세요.</p>
          <button type="button" className="button button--primary" onClick={retryAfterChunkError}>
            다시 시도
          </button>
        </>
      ) : (
        <>
          <p>요청하신 화면을 보여드리지 못했습니다. 잠시 후 다시 시도하시거나 첫 화면으로 이동해주세요.</p>
          <Link className="button button--primary" to={paths.home}>
            첫 화면으로
          </Link>
        </>
      )}
    </section>
  );
  return withLayout ? body : <main id="main-content" className="site-main">{body}</main>;
}
