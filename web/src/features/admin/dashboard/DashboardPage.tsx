// Placeholder written by the session lead; the helper that owns this screen replaces it.
export function Component() {
  return <h1>준비 중</h1>;
}
