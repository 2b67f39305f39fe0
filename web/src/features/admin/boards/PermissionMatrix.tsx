import { boardActions, type BoardPermissionRoles } from '@contract';
import { actionLabels } from './board-labels';

interface Props {
  roles: { roleCode: string; name: string }[];
  value: BoardPermissionRoles;
  onChange: (value: BoardPermissionRoles) => void;
}

/** Which roles may do each action: a table of checkboxes, actions down, roles across (on phones a card per action). */
export function PermissionMatrix({ roles, value, onChange }: Props) {
  const toggle = (action: keyof BoardPermissionRoles, roleCode: string, on: boolean) => {
    const current = value[action].filter((code) => code !== roleCode);
    onChange({ ...value, [action]: on ? [...current, roleCode] : current });
  };
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="permission-matrix-caption" tabIndex={0}>
      <table className="admin-table admin-table--stack permission-matrix">
        <caption id="permission-matrix-caption">동작별 권한 (관리자 권한이 있는 회원은 언제나 모두 할 수 있습니다)</caption>
        <thead>
          <tr>
            <th scope="col">동작</th>
            {roles.map((role) => (
              <th key={role.roleCode} scope="col">
                {role.name}
                <span className="permission-matrix__code">{role.roleCode}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {boardActions.map((action) => (
            <tr key={action}>
              <th scope="row">{actionLabels[action]}</th>
              {roles.map((role) => (
                <td key={role.roleCode} data-label={`${role.name} (${role.roleCode})`}>
                  {/* The label fills a 44 px square around the box, so the whole cell is the target. */}
                  <label className="permission-matrix__check">
                    <input
                      type="checkbox"
                      checked={value[action].includes(role.roleCode)}
                      onChange={(e) => toggle(action, role.roleCode, e.target.checked)}
                    />
                    <span className="visually-hidden">{`${actionLabels[action]}: ${role.name}`}</span>
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
