import { useQueryClient } from '@tanstack/react-query';
import { messages, resources, routes, type UserDetail, updateUserBody } from '@tillbook/contract';
import { Button, Descriptions, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { usePermissions } from '../../../lib/permissions.ts';
import type { FieldDef } from '../../../ui/resource/fields.ts';
import { refTo } from '../../../ui/resource/screen-from-contract.ts';
import { staffRole } from '../staff-role.ts';
import { RecordModal } from './RecordModal.tsx';

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

const profileFields: FieldDef[] = [
  { name: 'firstName', label: 'First name', type: 'text', required: true },
  { name: 'lastName', label: 'Last name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'text' },
  { name: 'employeeId', label: 'Employee id', type: 'text' },
  { name: 'roleId', label: 'Role', type: 'ref', ...staffRole, required: true },
  { name: 'departmentId', label: 'Department', type: 'ref', ...refTo(resources.department) },
  { name: 'joinDate', label: 'Join date', type: 'date' },
  { name: 'leaveDate', label: 'Leave date', type: 'date' },
  { name: 'bloodGroup', label: 'Blood group', type: 'text' },
  { name: 'street', label: 'Street', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'zipCode', label: 'Zip code', type: 'text' },
  { name: 'country', label: 'Country', type: 'text' },
];

/** One change of the user record (PUT user/{id}), from a button that opens its form. */
export function useUserChange(user: UserDetail) {
  const queryClient = useQueryClient();
  return async (values: Record<string, unknown>) => {
    const result = await api(routes.user.update, { params: { id: user.id }, body: values });
    if (result.error === undefined) await queryClient.invalidateQueries({ queryKey: ['user', String(user.id)] });
    return result;
  };
}

/** Who the person is: their record, edited in place. */
export function ProfileTab({ user }: { user: UserDetail }) {
  const { can } = usePermissions();
  const [editing, setEditing] = useState<Record<string, unknown> | undefined>();
  const change = useUserChange(user);
  const address = [user.street, user.city, user.state, user.zipCode, user.country].filter(Boolean).join(', ');
  const items: [string, ReactNode][] = [
    ['Username', user.username],
    [
      'Status',
      user.status === 'true' ? (
        <Tag key="status" color="green">
          Active
        </Tag>
      ) : (
        <Tag key="status">Hidden</Tag>
      ),
    ],
    ['Email', dash(user.email)],
    ['Phone', dash(user.phone)],
    ['Employee id', dash(user.employeeId)],
    ['Role', dash(user.role?.name)],
    ['Department', dash(user.department?.name)],
    ['Join date', dash(user.joinDate)],
    ['Leave date', dash(user.leaveDate)],
    ['Blood group', dash(user.bloodGroup)],
    ['Address', dash(address)],
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {can('update-user') && <Button onClick={() => setEditing(user as unknown as Record<string, unknown>)}>Edit profile</Button>}
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        {items.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <RecordModal
        title="Edit profile"
        row={editing}
        fields={profileFields}
        schema={updateUserBody}
        onClose={() => setEditing(undefined)}
        onSave={change}
        saved={messages.userUpdated}
      />
    </Space>
  );
}
