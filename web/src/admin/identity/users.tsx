import { messages, type ResourceContract, recordRoutes, registerUserBody, resources, routes, updateUserBody } from '@tillbook/contract';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../lib/permissions.ts';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { ResourceListPage, type ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { salaryPeriodField } from './salary-text.ts';
import { staffRole } from './staff-role.ts';

const ref = (name: string, label: string, r: ResourceContract, required = false): FieldDef => ({
  name,
  label,
  type: 'ref',
  ...refTo(r),
  required,
});

/** Who the person is and where they sit in the shop: the same on create and edit. */
const profileFields: FieldDef[] = [
  { name: 'firstName', label: 'First name', type: 'text', required: true },
  { name: 'lastName', label: 'Last name', type: 'text', required: true },
  { name: 'username', label: 'Username', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email' },
];

const placementFields: FieldDef[] = [
  { name: 'roleId', label: 'Role', type: 'ref', ...staffRole, required: true },
  ref('departmentId', 'Department', resources.department),
  ref('designationId', 'Designation', resources.designation),
  ref('shiftId', 'Shift', resources.shift),
  ref('employmentStatusId', 'Employment status', resources.employmentStatus),
  { name: 'joinDate', label: 'Join date', type: 'date' },
];

/** Registration also opens the first designation and salary history rows. */
const createFields: FieldDef[] = [
  ...profileFields,
  { name: 'password', label: 'Password', type: 'password', required: true },
  ...placementFields,
  { name: 'designationStartDate', label: 'Designation start date', type: 'date' },
  { name: 'salary', label: 'Salary', type: 'money' },
  salaryPeriodField('salaryPeriod'),
  { name: 'salaryStartDate', label: 'Salary start date', type: 'date' },
];

/** An edit keeps the password unless a new one is typed; histories are kept on the detail page. */
const editFields: FieldDef[] = [
  ...profileFields,
  { name: 'password', label: 'New password', type: 'password' },
  ...placementFields,
  { name: 'leaveDate', label: 'Leave date', type: 'date' },
];

type UserRow = Record<string, unknown> & { id: number; status?: string };

const fullName = (row: UserRow) => [row.firstName, row.lastName].filter(Boolean).join(' ');

function DetailLink({ id }: { id: number }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  if (!can('readSingle-user')) return null;
  return (
    <Button size="small" onClick={() => navigate(`/admin/user/${id}`)}>
      View
    </Button>
  );
}

export const userScreen: ResourceScreen = {
  title: 'Users',
  path: routes.user.list.path,
  // a user is created with their histories (user/register); the rest are the factory's calls
  routes: recordRoutes({ path: routes.user.list.path, entity: 'user', createPath: routes.user.register.path }),
  listName: 'User',
  entity: 'user',
  schema: registerUserBody,
  editSchema: updateUserBody,
  deletion: 'soft',
  columns: [
    { key: 'username', title: 'Username', sortable: true },
    { key: 'firstName', title: 'Name', sortable: true, render: fullName },
    { key: 'email', title: 'Email' },
    { key: 'role', title: 'Role', render: (row) => (row.role as { name?: string } | null)?.name ?? '' },
    {
      key: 'employmentStatus',
      title: 'Employment',
      render: (row) => {
        const status = row.employmentStatus as { name: string; colourValue: string } | null;
        return status ? <Tag color={status.colourValue}>{status.name}</Tag> : '';
      },
    },
    {
      key: 'status',
      title: 'Status',
      render: (row) => (row.status === 'true' ? <Tag color="green">Active</Tag> : <Tag>Hidden</Tag>),
    },
  ],
  fields: createFields,
  editFields,
  messages: {
    created: messages.registrationSuccess,
    updated: messages.userUpdated,
    activated: messages.userUpdated,
    hidden: messages.userDeleted,
    deleted: messages.userDeleted,
  },
  rowActions: (row) => <DetailLink id={row.id} />,
};

export const UsersPage = () => <ResourceListPage screen={userScreen} />;
