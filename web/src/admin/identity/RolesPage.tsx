import { identityResources, messages, recordRoutes } from '@tillbook/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { day } from '../../lib/format.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { defaultMessages } from '../../ui/resource/fields.ts';
import { ResourceListPage, type ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';

const r = identityResources.role;

function PermissionsLink({ id }: { id: number }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  if (!can('readAll-rolePermission')) return null;
  return (
    <Button size="small" onClick={() => navigate(`/admin/role/${id}/permissions`)}>
      Permissions
    </Button>
  );
}

export const roleScreen: ResourceScreen = {
  title: 'Roles',
  path: r.path,
  routes: recordRoutes(r),
  listName: r.listName,
  entity: r.entity,
  schema: r.input,
  deletion: r.deletion,
  columns: [
    { key: 'name', title: 'Name', sortable: true },
    { key: 'createdAt', title: 'Created', sortable: true, render: (row) => day(row.createdAt) },
  ],
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
  messages: { ...defaultMessages('Role'), created: messages.roleAdded },
  // the spec's list after a role is added: active roles, page 1, 50 a page
  reloadWith: { create: { status: 'true', page: 1, count: 50 } },
  rowActions: (row) => <PermissionsLink id={row.id} />,
};

export default function RolesPage() {
  return <ResourceListPage screen={roleScreen} />;
}
