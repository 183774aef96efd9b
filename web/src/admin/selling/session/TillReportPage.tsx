import { type TillReport, toCents } from '@tillbook/contract';
import { Alert, Button, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router';
import { instant, moneyOfCents } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePrintedCopy } from '../../../ui/printed-copy.ts';
import { useSessionReport } from './session-data.ts';
import '../till/receipt.css';
import './session.css';
import { RecordHistory } from '../../audit/RecordHistory.tsx';

const sizes = { '58mm': 58, '80mm': 80, A4: 210 } as const;
type Size = keyof typeof sizes;
const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : moneyOfCents(toCents(n)));

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="till-report-row">
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** The X (open) or Z (closed) report's figures as printed. */
export function TillReportSheet({ report, size }: { report: TillReport; size: Size }) {
  const z = report.status === 'CLOSED';
  const shop = useSettings().data?.companyName;
  return (
    <div
      className={`receipt till-report ${size === 'A4' ? 'receipt-invoice' : 'receipt-receipt'} ${size === '58mm' ? 'receipt-narrow' : ''}`}
      style={{ width: size === 'A4' ? undefined : `${sizes[size]}mm` }}
    >
      {shop && <div className="receipt-company">{shop}</div>}
      <h2>{z ? `Z report ${report.zNumber}` : 'X report'}</h2>
      <div>{`${report.tillName} · session #${report.sessionId}`}</div>
      <div>{`Opened ${instant(report.openedAt)}${report.closedAt ? ` · closed ${instant(report.closedAt)}` : ''}`}</div>
      {report.dates.length > 1 && <div>{`Business dates ${report.dates.join(', ')}`}</div>}
      <h3>Totals</h3>
      <Row label="Sales" value={money(report.sales)} />
      <Row label="Returns" value={money(report.returns)} />
      <Row label="Discounts given" value={money(report.discounts)} />
      <Row label="Number of sales" value={String(report.counts.sales)} />
      <Row label="Number of returns" value={String(report.counts.returns)} />
      <Row label="Voids" value={String(report.counts.voids)} />
      <Row label="No sales" value={String(report.counts.noSales)} />
      <h3>By payment method</h3>
      {report.byPaymentMethod.map((m) => (
        <div key={m.paymentMethodId} className="till-report-method">
          <strong>{m.name}</strong>
          <Row label="  taken" value={money(m.sales)} />
          <Row label="  refunded" value={money(m.refunds)} />
          <Row label="  expected" value={money(m.expected)} />
          {m.counted !== undefined && (
            <>
              <Row label="  counted" value={money(m.counted)} />
              <Row label="  over (short)" value={money(m.variance)} />
            </>
          )}
        </div>
      ))}
      <h3>By VAT rate</h3>
      {report.byVatRate.map((r) => (
        <Row key={r.rate} label={`${r.rate} %`} value={`${money(r.net)} + VAT ${money(r.vat)}`} />
      ))}
      <h3>Cash</h3>
      <Row label="Opening float" value={money(report.openingFloat)} />
      <Row label="Paid in" value={money(report.cashIn)} />
      <Row label="Paid out" value={money(report.cashOut)} />
      <Row label="Drops" value={money(report.drops)} />
      <Row label="Expected cash" value={money(report.expectedCash)} />
      {z && (
        <>
          <Row label="Counted cash" value={money(report.countedCash)} />
          <Row label="Variance" value={money(report.variance)} />
          <Row label="Float left" value={money(report.floatLeft)} />
          {report.lateSales && (
            <Row
              label={`Late sales (${report.lateSales.count}, made before the close, posted after)`}
              value={money(report.lateSales.total)}
            />
          )}
        </>
      )}
    </div>
  );
}

/** `/admin/till-session/:id`: the session's X report (open) or Z report (closed), printed at 58 mm, 80 mm or A4. */
export default function TillReportPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const report = useSessionReport(id);
  const [size, setSize] = useState<Size>('80mm');
  const printCopy = usePrintedCopy(size === 'A4' ? 'size: A4; margin: 10mm;' : `size: ${sizes[size]}mm 297mm; margin: 0;`);
  if (report.error) return <Alert type="error" title={report.error.message} />;
  if (!report.data) return <Spin />;
  const sheet = <TillReportSheet report={report.data} size={size} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap className="receipt-controls">
        <Segmented aria-label="Paper" value={size} onChange={(v) => setSize(v as Size)} options={Object.keys(sizes)} />
        <Button type="primary" onClick={() => window.print()}>
          Print
        </Button>
        <Button onClick={() => navigate('/admin/pos')}>Back to the till</Button>
      </Space>
      <div className="receipt-screen">{sheet}</div>
      {createPortal(sheet, printCopy)}
      {/* the session's till events (voids, no-sales) and its open and close, for who may read the log */}
      <RecordHistory entity="tillSession" id={id} />
    </Space>
  );
}
