export interface Notice {
  tone: 'error' | 'success' | 'info';
  text: string;
  detail?: string | null;
}

/**
 * A message about the whole form or one step (a failed sign-in, a sent pincode). Errors are
 * announced at once (role="alert"), other news politely (role="status"). Both regions stay in the
 * page, empty, so that what appears in them is read out.
 */
export function FormMessage({ notice }: { notice: Notice | null }) {
  const error = notice?.tone === 'error' ? notice : null;
  const news = notice && notice.tone !== 'error' ? notice : null;
  return (
    <>
      <div role="alert" className={error ? 'form-message form-message--error' : undefined}>
        {error && <NoticeText notice={error} />}
      </div>
      <div role="status" className={news ? `form-message form-message--${news.tone}` : undefined}>
        {news && <NoticeText notice={news} />}
      </div>
    </>
  );
}

function NoticeText({ notice }: { notice: Notice }) {
  return (
    <>
      <p>{notice.text}</p>
      {notice.detail && <p>{notice.detail}</p>}
    </>
  );
}
