import { messages, resources, type UserDetail } from '@tillbook/contract';
import { Button, Descriptions, Empty, Space, Tag } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../../lib/permissions.ts';
import type { FieldDef } from '../../../ui/resource/fields.ts';
import { refTo } from '../../../ui/resource/screen-from-contract.ts';
import { useUserChange } from './ProfileTab.tsx';
import { RecordModal } from './RecordModal.tsx';

const time = (t: string) => t.slice(0, 5);

/** A shift as the page shows it: its times and the hours the server worked out from them. */
export const shiftText = (shift: NonNullable<UserDetail['shift']>) =>
  `${shift.name}, ${time(shift.startTime)}–${time(shift.endTime)}${shift.workHour === null ? '' : ` (${shift.workHour} h)`}`;

const fields = {
  shift: [{ name: 'shiftId', label: 'Shift', type: 'ref', ...refTo(resources.shift) }] as FieldDef[],
  employmentStatus: [
    { name: 'employmentStatusId', label: 'Employment status', type: 'ref', ...refTo(resources.employmentStatus) },
  ] as FieldDef[],
};

/** The person's shift or employment status: what it is now, and a change of it (PUT user/{id}). */
export function PlacementTab({ user, kind }: { user: UserDetail; kind: 'shift' | 'employmentStatus' }) {
  const { can } = usePermissions();
  const [editing, setEditing] = useState<Record<string, unknown> | undefined>();
  const change = useUserChange(user);
  const { shift, employmentStatus: status } = user;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {kind === 'shift' ? (
        shift ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="Shift">{shift.name}</Descriptions.Item>
            <Descriptions.Item label="Hours">{shiftText(shift)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description="No shift given" />
        )
      ) : status ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Employment status">
            <Tag color={status.colourValue}>{status.name}</Tag>
          </Descriptions.Item>
          {status.description && <Descriptions.Item label="Description">{status.description}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <Empty description="No employment status given" />
      )}
      {can('update-user') && (
        <Button onClick={() => setEditing({ shiftId: user.shiftId, employmentStatusId: user.employmentStatusId })}>
          {kind === 'shift' ? 'Change shift' : 'Change employment status'}
        </Button>
      )}
      <RecordModal
        title={kind === 'shift' ? 'Change shift' : 'Change employment status'}
        row={editing}
        fields={fields[kind]}
        onClose={() => setEditing(undefined)}
        onSave={change}
        saved={messages.userUpdated}
      />
    </Space>
  );
}
