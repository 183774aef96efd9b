import { useQuery } from '@tanstack/react-query';
import { type DesignationHistoryRow, routes, type SalaryHistoryRow } from '@tillbook/contract';
import { Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const until = (end: string | null) => end ?? 'now';

/** One staff account: the record, then its designation and salary history. */
export default function UserDetailPage() {
  // the screen's route is user/:id, so the parameter is always there
  const { id } = useParams() as { id: string };
  const user = useQuery({ queryKey: ['user', id], queryFn: () => must(api(routes.user.get, { params: { id } })) });

  if (user.isLoading) return <Spin />;
  if (user.error || !user.data) {
    return (
      <Result status="404" title="User not found" subTitle={user.error?.message} extra={<Link to="/admin/user">Back to users</Link>} />
    );
  }
  const u = user.data;
  const address = [u.street, u.city, u.state, u.zipCode, u.country].filter(Boolean).join(', ');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="user-detail-name">
          {u.firstName} {u.lastName}
        </Typography.Title>
        <Link to="/admin/user">Back to users</Link>
      </Space>
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="Username">{u.username}</Descriptions.Item>
          <Descriptions.Item label="Status">{u.status === 'true' ? <Tag color="green">Active</Tag> : <Tag>Hidden</Tag>}</Descriptions.Item>
          <Descriptions.Item label="Email">{dash(u.email)}</Descriptions.Item>
          <Descriptions.Item label="Phone">{dash(u.phone)}</Descriptions.Item>
          <Descriptions.Item label="Employee id">{dash(u.employeeId)}</Descriptions.Item>
          <Descriptions.Item label="Role">{dash(u.role?.name)}</Descriptions.Item>
          <Descriptions.Item label="Department">{dash(u.department?.name)}</Descriptions.Item>
          <Descriptions.Item label="Designation">{dash(u.designation?.name)}</Descriptions.Item>
          <Descriptions.Item label="Shift">{dash(u.shift?.name)}</Descriptions.Item>
          <Descriptions.Item label="Employment status">{dash(u.employmentStatus?.name)}</Descriptions.Item>
          <Descriptions.Item label="Join date">{dash(u.joinDate)}</Descriptions.Item>
          <Descriptions.Item label="Leave date">{dash(u.leaveDate)}</Descriptions.Item>
          <Descriptions.Item label="Blood group">{dash(u.bloodGroup)}</Descriptions.Item>
          <Descriptions.Item label="Address">{dash(address)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Designation history" data-testid="designation-history">
        <Table<DesignationHistoryRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={u.designationHistory}
          locale={{ emptyText: 'No designation recorded' }}
          columns={[
            { key: 'designation', title: 'Designation', render: (_, row) => dash(row.designation?.name) },
            { key: 'startDate', title: 'From', dataIndex: 'startDate' },
            { key: 'endDate', title: 'Until', render: (_, row) => until(row.endDate) },
            { key: 'comment', title: 'Comment', render: (_, row) => dash(row.comment) },
          ]}
        />
      </Card>
      <Card title="Salary history" data-testid="salary-history">
        <Table<SalaryHistoryRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={u.salaryHistory}
          locale={{ emptyText: 'No salary recorded' }}
          columns={[
            { key: 'salary', title: 'Salary', align: 'right', render: (_, row) => money(row.salary) },
            { key: 'startDate', title: 'From', dataIndex: 'startDate' },
            { key: 'endDate', title: 'Until', render: (_, row) => until(row.endDate) },
            { key: 'comment', title: 'Comment', render: (_, row) => dash(row.comment) },
          ]}
        />
      </Card>
    </Space>
  );
}
