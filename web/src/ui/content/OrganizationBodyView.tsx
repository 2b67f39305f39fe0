import type { OrganizationBody, OrganizationUnit } from '@contract/content-values';
import { StackedTable } from '@web/ui/StackedTable';
import { useSiteInfo } from '@web/lib/site-info';
import { telHref } from '@web/lib/content/site-facts';
import { ContactList } from './ContactList';
import './info-body.css';

const unitsAt = (body: OrganizationBody, level: OrganizationUnit['level']) => body.units.filter((unit) => (unit.level ?? 'team') === level);

/** A unit's name, its head's title or one-line summary, and its phone numbers. */
function UnitNode({ unit, className, meta }: { unit: OrganizationUnit; className: string; meta?: string }) {
  const line = meta ?? (unit.summary || unit.head);
  return (
    <div className={`org-node ${className}`}>
      <span className="org-node__name">{unit.name}</span> {line && <span className="org-node__meta">{line}</span>}
      {unit.phones.map((phone) => (
        <a key={phone} className="org-node__meta" href={telHref(phone)}>
          {' '}
          {phone}
        </a>
      ))}
    </div>
  );
}

/**
 * The organisation page's body (content page `organization`): the chart (nested lists drawn with
 * CSS), the duties of each unit, the committees and the contacts. The public screen and the
 * console's preview both draw it; `idPrefix` starts every id in it.
 */
export function OrganizationBodyView({ body, idPrefix }: { body: OrganizationBody; idPrefix: string }) {
  const { data: site } = useSiteInfo();
  const [head] = unitsAt(body, 'head');
  const [division] = unitsAt(body, 'division');
  const [office] = unitsAt(body, 'office');
  const teams = unitsAt(body, 'team');
  const committees = body.committees ?? [];
  // The duties table lists the office's head first (his duties are the office's), then each team.
  const dutyRows = [...(office && office.tasks.length > 0 ? [{ name: office.head || office.name, tasks: office.tasks, phones: office.phones }] : []), ...teams];
  const id = (part: string) => `${idPrefix}-${part}`;

  const teamList = teams.length > 0 && (
    <ul className="org-teams" aria-label={`${office?.name ?? '사업단'} 소속 팀`}>
      {teams.map((team) => (
        <li key={team.name} className="org-teams__item">
          <UnitNode unit={team} className="org-node--team" />
        </li>
      ))}
    </ul>
  );
  const officeItem = office && (
    <li className="org-tree__item org-unit">
      <div className="org-unit__row">
        <UnitNode unit={office} className="org-node--unit" meta={office.head} />
        {committees.length > 0 && (
          <div className="org-advisory">
            <p className="org-advisory__label" id={id('advisory-label')}>
              심의·자문 기구
            </p>
            <ul className="org-advisory__list" aria-labelledby={id('advisory-label')}>
              {committees.map((committee) => (
                <li key={committee.name} className="org-node org-node--advisory">
                  <span className="org-node__name">{committee.name}</span> <span className="org-node__tag">{committee.kind}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {teamList}
    </li>
  );
  const divisionItem = division ? (
    <li className="org-tree__item">
      <UnitNode unit={division} className="org-node--division" />
      {officeItem && <ul className="org-tree__children">{officeItem}</ul>}
    </li>
  ) : (
    officeItem
  );

  return (
    <>
      <section className="info-section" aria-labelledby={id('chart-title')}>
        <h2 id={id('chart-title')}>조직 구성</h2>
        {body.lead && (
          <p className="info-muted" id={id('chart-legend')}>
            {body.lead}
          </p>
        )}
        <div className="org-chart">
          <ul className="org-tree" aria-label="환자등록사업 조직도" aria-describedby={body.lead ? id('chart-legend') : undefined}>
            {head ? (
              <li className="org-tree__item">
                <UnitNode unit={head} className="org-node--head" meta={site?.operator ?? head.head} />
                {divisionItem && <ul className="org-tree__children">{divisionItem}</ul>}
              </li>
            ) : (
              divisionItem
            )}
          </ul>
        </div>
      </section>

      {dutyRows.length > 0 && (
        <section className="info-section" aria-labelledby={id('duties')}>
          <h2 id={id('duties')}>부서별 주요 업무</h2>
          <StackedTable
            className="info-table info-table--duties"
            caption={`${office?.name ?? '환자등록사업단'} 팀별 주요 업무`}
            columns={['부서', '주요 업무']}
            rows={dutyRows.map((unit) => ({
              key: unit.name,
              cells: [
                unit.name,
                <ul key="duties" className="info-bullets">
                  {unit.tasks.map((task) => (
                    <li key={task}>{task}</li>
                  ))}
                </ul>,
              ],
            }))}
          />
        </section>
      )}

      {committees.length > 0 && (
        <section className="info-section" aria-labelledby={id('committees')}>
          <h2 id={id('committees')}>위원회</h2>
          {body.committeesLead && <p>{body.committeesLead}</p>}
          <ul className="info-cards">
            {committees.map((committee) => (
              <li key={committee.name} className="info-card">
                <h3 className="info-card__title">
                  {committee.name} <span className="info-badge">{committee.kind} 기구</span>
                </h3>
                <dl className="info-mini-dl">
                  <div>
                    <dt>구성</dt>
                    <dd>{committee.members}</dd>
                  </div>
                  <div>
                    <dt>역할</dt>
                    <dd>{committee.role}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="info-section" aria-labelledby={id('contact')}>
        <h2 id={id('contact')}>찾아오시는 길·연락처</h2>
        {body.contactLead && <p>{body.contactLead}</p>}
        <ContactList full />
      </section>
    </>
  );
}
