import { withParticle } from '@contract/korean-particle';
import { LoadingStatus } from '@web/ui/LoadingStatus';

/** A console query still loading, or its failure in the server's Korean words (settings, boards, inquiries). */
export function QueryState({ query, label }: { query: { isError: boolean; error: unknown }; label: string }) {
  if (query.isError) {
    return (
      <p role="alert" className="form-message form-message--error">
        {query.error instanceof Error ? query.error.message : `${withParticle(label, '을/를')} 불러오지 못했습니다.`}
      </p>
    );
  }
  return <LoadingStatus label={`${withParticle(label, '을/를')} 불러오는 중입니다…`} />;
}

/** The server's answer: success politely, a refusal (its Korean sentence) at once. */
export function SaveResult({ result }: { result: { ok: boolean; text: string } | null }) {
  return (
    <>
      <div role="alert" className={result && !result.ok ? 'form-message form-message--error' : undefined}>
        {result && !result.ok && <p>{result.text}</p>}
      </div>
      <div role="status" className={result?.ok ? 'form-message form-message--success' : undefined}>
        {result?.ok && <p>{result.text}</p>}
      </div>
    </>
  );
}
