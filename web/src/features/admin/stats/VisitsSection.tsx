import { useId, useMemo } from 'react';
import type { StatsInterval, VisitSeries, VisitTotals } from '@contract';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { useVisitSeries, type StatsPeriod } from './api';
import { changeOf, pointLabel } from './period';
import { StatsChart, type ChartSeries } from './StatsChart';

const n = (value: number) => value.toLocaleString('ko-KR');

function Totals({ current, previous }: { current: VisitTotals; previous: VisitTotals }) {
  const figures: [string, number, number][] = [
    ['페이지뷰', current.views, previous.views],
    ['방문자', current.visitors, previous.visitors],
    ['봇 페이지뷰', current.botViews, previous.botViews],
  ];
  return (
    <dl className="stats-totals">
      {figures.map(([label, now, before]) => (
        <div key={label} className="stats-total">
          <dt>{label}</dt>
          <dd>
            <span className="stats-total__value">{n(now)}</span>
            <span className="stats-total__change">
              이전 기간 {n(before)} ({changeOf(now, before)})
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VisitsChartAndTable({ data }: { data: VisitSeries }) {
  const captionId = useId();
  const unit = data.interval === 'day' ? '일별' : '시간대별';
  const labels = useMemo(() => data.points.map((p) => pointLabel(p.at)), [data]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: '페이지뷰', data: data.points.map((p) => p.views), color: '--color-primary' },
      { label: '방문자', data: data.points.map((p) => p.visitors), color: '--color-accent' },
      { label: '이전 기간 페이지뷰', data: data.previous.points.map((p) => p.views), color: '--color-primary', previous: true },
      { label: '이전 기간 방문자', data: data.previous.points.map((p) => p.visitors), color: '--color-accent', previous: true },
    ],
    [data],
  );
  return (
    <>
      <StatsChart
        kind="line"
        labels={labels}
        series={series}
        description={`${unit} 페이지뷰와 방문자 그래프, ${data.from}부터 ${data.to}까지, 점선은 이전 기간(${data.previous.from}~${data.previous.to}). 수치는 아래 표에 있습니다.`}
      />
      <div className="admin-table-wrap stats-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="admin-table admin-table--stack">
          <caption id={captionId}>
            {unit} 페이지뷰와 방문자 ({data.from}~{data.to})
          </caption>
          <thead>
            <tr>
              <th scope="col">{data.interval === 'day' ? '날짜' : '일시'}</th>
              <th scope="col">페이지뷰</th>
              <th scope="col">방문자</th>
              <th scope="col">봇 페이지뷰</th>
              <th scope="col">이전 기간 페이지뷰</th>
              <th scope="col">이전 기간 방문자</th>
            </tr>
          </thead>
          <tbody>
            {data.points.map((p, i) => (
              <tr key={p.at}>
                <th scope="row">{pointLabel(p.at)}</th>
                <td data-label="페이지뷰">{n(p.views)}</td>
                <td data-label="방문자">{n(p.visitors)}</td>
                <td data-label="봇 페이지뷰">{n(p.botViews)}</td>
                <td data-label="이전 기간 페이지뷰">{n(data.previous.points[i]?.views ?? 0)}</td>
                <td data-label="이전 기간 방문자">{n(data.previous.points[i]?.visitors ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Page views and visitors of the period by day or hour, against the period before (issue 23). */
export function VisitsSection({ period, interval }: { period: StatsPeriod; interval: StatsInterval }) {
  const query = useVisitSeries(period, interval);
  return (
    <section className="stats-section" aria-labelledby="stats-visits">
      <h2 id="stats-visits">페이지뷰와 방문자</h2>
      <p className="stats-note">방문자는 하루에 한 번 셉니다(주소나 쿠키를 남기지 않아 날이 바뀌면 새로 셉니다). 봇은 따로 셉니다.</p>
      {query.isPending && <LoadingStatus />}
      {query.isError && (
        <p role="alert" className="form-message form-message--error">
          {query.error.message}
        </p>
      )}
      {query.data && (
        <>
          <Totals current={query.data.totals} previous={query.data.previous.totals} />
          <VisitsChartAndTable data={query.data} />
        </>
      )}
    </section>
  );
}
