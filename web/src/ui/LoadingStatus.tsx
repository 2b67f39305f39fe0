/** A small Korean loading line inside a screen (the whole-page one is ui/PageLoading). */
export function LoadingStatus({ label = '불러오는 중입니다…' }: { label?: string }) {
  return (
    <p className="loading-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
