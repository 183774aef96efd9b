import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { count, money } from '../../lib/format.ts';
import type { DashboardData } from './dashboard-types.ts';

const sales = '#1677ff';
const web = '#13c2c2';
const profit = '#52c41a';
const purchases = '#fa8c16';

/** A chart's card: a heading, and a wrapper that names the chart for a screen reader. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={<h4 style={{ fontSize: 16, margin: 0 }}>{title}</h4>}>
      <figure aria-label={title} style={{ width: '100%', height: 260, margin: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children as never}
        </ResponsiveContainer>
      </figure>
    </Card>
  );
}

/** A point's label by the series' grouping: a day or week as its first day, a month as YYYY-MM, a year as YYYY. */
const labels: Record<DashboardData['groupedBy'], (date: string) => string> = {
  day: (date) => date.slice(5),
  week: (date) => date,
  month: (date) => date.slice(0, 7),
  year: (date) => date.slice(0, 4),
};
type Point = DashboardData['daily'][number];
const empty = (p: Point) => !p.sales && !p.profit && !p.purchases && !p.invoices;

/**
 * The points to draw: a range counted in years (up to 9,999 of them, 0001..9999) is drawn from the
 * first year with a sale or purchase to the last, as thousands of empty years would be unreadable (and
 * slow to draw); days, weeks and months are all drawn, empty or not.
 */
function drawn(data: DashboardData): Point[] {
  if (data.groupedBy !== 'year') return data.daily;
  const first = data.daily.findIndex((p) => !empty(p));
  if (first < 0) return [];
  return data.daily.slice(first, data.daily.findLastIndex((p) => !empty(p)) + 1);
}

const amount = (value: unknown) => money(value ?? 0);
/** An axis's amounts: whole, with thousands separators (12,000). */
const axis = (value: number) => count(Math.round(value));
/** A channel's sales of a point (a period without any sale leaves the split out: none on either channel). */
const tillSales = (p: { tillSales?: number }) => p.tillSales ?? 0;
const webSales = (p: { webSales?: number }) => p.webSales ?? 0;

/**
 * The dashboard's charts (recharts, in this lazy chunk only): sales (the till's and the web's stacked) and profit, sales against purchases
 * (per day, or per week, month or year over a long range: the answer's groupedBy), top products.
 */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  const label = labels[data.groupedBy];
  const points = drawn(data);
  // the profit is sent only to a role that may see what the goods cost
  const withProfit = data.totalProfit !== undefined;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard title={withProfit ? 'Sales and profit over time' : 'Sales over time'}>
          <AreaChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={label} minTickGap={16} />
            <YAxis width={64} tickFormatter={axis} />
            <Tooltip formatter={amount} />
            <Legend />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey={tillSales}
              name="Till sales"
              stackId="sales"
              stroke={sales}
              fill={sales}
              fillOpacity={0.15}
            />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey={webSales}
              name="Web sales"
              stackId="sales"
              stroke={web}
              fill={web}
              fillOpacity={0.15}
            />
            {withProfit && (
              <Area
                isAnimationActive={false}
                type="monotone"
                dataKey="profit"
                name="Profit"
                stroke={profit}
                fill={profit}
                fillOpacity={0.15}
              />
            )}
          </AreaChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={`Sales against purchases per ${data.groupedBy}`}>
          <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={label} minTickGap={16} />
            <YAxis width={64} tickFormatter={axis} />
            <Tooltip formatter={amount} />
            <Legend />
            <Bar isAnimationActive={false} dataKey={tillSales} name="Till sales" stackId="sales" fill={sales} />
            <Bar isAnimationActive={false} dataKey={webSales} name="Web sales" stackId="sales" fill={web} />
            <Bar isAnimationActive={false} dataKey="purchases" name="Purchases" fill={purchases} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard title="Top products by sales">
          <BarChart data={data.topProducts} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={axis} />
            <YAxis
              type="category"
              dataKey="name"
              width={120}
              tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)}
            />
            <Tooltip formatter={amount} />
            <Legend />
            <Bar isAnimationActive={false} dataKey={tillSales} name="Till sales" stackId="sales" fill={sales} />
            <Bar isAnimationActive={false} dataKey={webSales} name="Web sales" stackId="sales" fill={web} />
            {withProfit && <Bar isAnimationActive={false} dataKey="profit" name="Profit" fill={profit} />}
          </BarChart>
        </ChartCard>
      </Col>
    </Row>
  );
}
