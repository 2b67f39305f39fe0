import { boardActions, type BoardPermissionRoles } from '../../../../../contract';
import { actionLabels } from './board-labels';

interface Props {
  roles: { roleCode: string; name: string }[];
  value: BoardPermissionRoles;
  onChange: (value: BoardPermissionRoles) => void;
}

/** Which roles may do each action: a table of checkboxes, actions down, roles across. */
export function PermissionMatrix({ roles, value, onChange }: Props) {
  const toggle = (action: keyof BoardPermissionRoles, roleCode: string, on: boolean) => {
    const current = value[action].filter((code) => code !== roleCode);
    onChange({ ...value, [action]: on ? [...current, roleCode] : current });
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table permission-matrix">
        <caption>동작별 권한 (관리자 권한이 있는 회원은 언제나 모두 할 수 있습니다)</caption>
        <thead>
          <tr>
            <th scope="col">동작</th>
            {roles.map((role) => (
              <th key={role.roleCode} scope="col">
                {role.name}
                <br />
                <small>{role.roleCode}</small>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {boardActions.map((action) => (
            <tr key={action}>
              <th scope="row">{actionLabels[action]}</th>
              {roles.map((role) => (
                <td key={role.roleCode}>
                  <input
                    type="checkbox"
                    aria-label={`${actionLabels[action]}: ${role.name}`}
                    checked={value[action].includes(role.roleCode)}
                    onChange={(e) => toggle(action, role.roleCode, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
