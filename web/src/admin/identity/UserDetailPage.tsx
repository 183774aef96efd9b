import { useQuery } from '@tanstack/react-query';
import { routes, type UserDetail } from '@tillbook/contract';
import { Card, Descriptions, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { salaryText } from './salary-text.ts';
import { HistoryTab } from './staff/HistoryTab.tsx';
import { PlacementTab, shiftText } from './staff/PlacementTab.tsx';
import { ProfileTab } from './staff/ProfileTab.tsx';
import { RecordsTab } from './staff/RecordsTab.tsx';

/** What holds today, with when it began: the history row covering today, else the user's own field. */
function Header({ user }: { user: UserDetail }) {
  const designation = user.currentDesignation?.designation.name ?? user.designation?.name;
  return (
    <Descriptions column={{ xs: 1, sm: 3 }} size="small" data-testid="staff-header">
      <Descriptions.Item label="Designation">
        {designation ?? '—'}
        {user.currentDesignation && <Typography.Text type="secondary">&nbsp;since {user.currentDesignation.startDate}</Typography.Text>}
      </Descriptions.Item>
      <Descriptions.Item label="Salary">
        {user.currentSalary ? salaryText(user.currentSalary) : '—'}
        {user.currentSalary && <Typography.Text type="secondary">&nbsp;since {user.currentSalary.startDate}</Typography.Text>}
      </Descriptions.Item>
      <Descriptions.Item label="Shift">{user.shift ? shiftText(user.shift) : '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The staff member's page: a header with today's designation, salary and shift, and a tab for each part
 * of their record (profile, designations and salaries as timelines, awards, education, shift, employment
 * status), each added to, edited and deleted in place.
 */
export default function UserDetailPage() {
  // the screen's route is user/:id, so the parameter is always there
  const { id } = useParams() as { id: string };
  const { can } = usePermissions();
  const user = useQuery({ queryKey: ['user', id], queryFn: () => must(api(routes.user.get, { params: { id } })) });

  if (user.isLoading) return <Spin />;
  if (user.error || !user.data) {
    return (
      <Result status="404" title="User not found" subTitle={user.error?.message} extra={<Link to="/admin/user">Back to users</Link>} />
    );
  }
  const u = user.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="user-detail-name">
            {u.firstName} {u.lastName}
          </Typography.Title>
          {u.employmentStatus && <Tag color={u.employmentStatus.colourValue}>{u.employmentStatus.name}</Tag>}
        </Space>
        <Link to="/admin/user">Back to users</Link>
      </Space>
      <Card size="small">
        <Header user={u} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'profile', label: 'Profile', children: <ProfileTab user={u} /> },
            { key: 'designations', label: 'Designations', children: <HistoryTab user={u} kind="designation" /> },
            { key: 'salaries', label: 'Salaries', children: <HistoryTab user={u} kind="salary" /> },
            { key: 'awards', label: 'Awards', children: <RecordsTab user={u} kind="award" /> },
            { key: 'education', label: 'Education', children: <RecordsTab user={u} kind="education" /> },
            { key: 'shift', label: 'Shift', children: <PlacementTab user={u} kind="shift" /> },
            { key: 'status', label: 'Employment status', children: <PlacementTab user={u} kind="employmentStatus" /> },
            ...(can('readAll-auditLog') ? [{ key: 'history', label: 'History', children: <RecordHistory entity="user" id={u.id} /> }] : []),
          ]}
        />
      </Card>
    </Space>
  );
}
