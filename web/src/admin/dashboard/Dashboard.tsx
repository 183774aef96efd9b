import { Card, DatePicker, Empty, Space, Typography } from 'antd';
import { useState } from 'react';

/**
 * The landing page. Sales and purchases do not exist yet, so it says so plainly; the date range
 * is kept for when the figures arrive.
 */
export default function Dashboard() {
  const [range, setRange] = useState<unknown>(null);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        <DatePicker.RangePicker value={range as never} onChange={setRange} aria-label="Date range" />
      </Space>
      <Card>
        <Empty description="No sales or purchases yet. Figures appear here once the till and purchasing are in use." />
      </Card>
    </Space>
  );
}
