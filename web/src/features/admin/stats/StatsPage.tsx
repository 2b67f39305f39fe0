import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { statsTopKinds, type StatsInterval } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Field } from '@web/ui/form/Field';
import { downloadVisits, type StatsPeriod } from './api';
import { kstToday, lastDays, periodOf } from './period';
import { TopSection } from './TopSection';
import { VisitsSection } from './VisitsSection';
import './stats.css';

const presets = [7, 30, 90] as const;

function PeriodForm({ period, interval, onApply }: { period: StatsPeriod; interval: StatsInterval; onApply: (p: StatsPeriod, i: StatsInterval) => void }) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply({ from: String(data.get('from')), to: String(data.get('to')) }, data.get('interval') === 'hour' ? 'hour' : 'day');
  }
  return (
    <form className="admin-filters stats-period" role="search" aria-label="통계 기간" onSubmit={submit}>
      <Field id={`${id}-from`} label="시작일" required>
        {(control) => <input {...control} name="from" type="date" className="form-input" defaultValue={period.from} required />}
      </Field>
      <Field id={`${id}-to`} label="종료일" required>
        {(control) => <input {...control} name="to" type="date" className="form-input" defaultValue={period.to} required />}
      </Field>
      <Field id={`${id}-interval`} label="단위" hint="시간대별은 31일까지">
        {(control) => (
          <select {...control} name="interval" className="form-input" defaultValue={interval}>
            <option value="day">일별</option>
            <option value="hour">시간대별</option>
          </select>
        )}
      </Field>
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          조회
        </button>
      </div>
      <div className="stats-period__presets">
        {presets.map((days) => (
          <button key={days} type="button" className="button" onClick={() => onApply(lastDays(days, kstToday()), days > 31 ? 'day' : interval)}>
            최근 {days}일
          </button>
        ))}
      </div>
    </form>
  );
}

function ExportButton({ period }: { period: StatsPeriod }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function download() {
    setState({ busy: true, error: null });
    try {
      await downloadVisits(period);
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : '내려받지 못했습니다.' });
    }
  }
  return (
    <div className="stats-export">
      <button type="button" className="button" onClick={() => void download()} disabled={state.busy}>
        {state.busy ? '만드는 중…' : '엑셀 내려받기'}
      </button>
      {state.error && (
        <p role="alert" className="form-message form-message--error">
          {state.error}
        </p>
      )}
    </div>
  );
}

/**
 * `/admin/stats` (issue 23, STATS_View): page views and visitors by day or hour, the most viewed
 * screens and posts, referring sites, devices and browsers, each against the period before, a
 * chart with its table, and the whole period as an Excel workbook. Counted without an address or
 * a cookie (a visitor is a day-salted key), robots apart.
 */
export function Component() {
  useDocumentTitle('방문 통계');
  const [params, setParams] = useSearchParams();
  const { interval, ...period } = periodOf(params, kstToday());
  const apply = (next: StatsPeriod, nextInterval: StatsInterval) => setParams({ ...next, interval: nextInterval });
  return (
    <div className="stats">
      <div className="admin-page__head">
        <h1>방문 통계</h1>
        <ExportButton period={period} />
      </div>
      <PeriodForm key={params.toString()} period={period} interval={interval} onApply={apply} />
      <p className="stats-note">
        {period.from} ~ {period.to}, {interval === 'day' ? '일별' : '시간대별'}. 같은 길이의 바로 앞 기간과 비교합니다.
      </p>
      <VisitsSection period={period} interval={interval} />
      {statsTopKinds.map((kind) => (
        <TopSection key={kind} period={period} kind={kind} />
      ))}
    </div>
  );
}
