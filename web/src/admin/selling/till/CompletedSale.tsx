import { formatMoney } from '@tillbook/contract';
import { Button, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { moneyOfCents } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePrintedCopy } from '../../../ui/printed-copy.ts';
import { QueuedReceiptView } from './offline/QueuedReceiptView.tsx';
import type { QueuedReceipt } from './offline/queued-receipt.ts';
import { chooseSize, type PageSize, sizeInMm, usePageSizes } from './till-data.ts';
import './receipt.css';

export interface Completed {
  /** Null while the sale waits in the till's queue (offline): the server has not posted it yet. */
  id: number | null;
  /** The invoice number, as the receipt shows it. */
  number: number | null;
  /** The till's receipt reference (issue 33). */
  reference: string | null;
  /** Cents. */
  change: number;
  total: number;
  paid: number;
  /** Cents still owed by the customer (a sale on credit). */
  due: number;
  /** Who owes it. */
  customer: string;
  /** A queued sale's receipt, printed from the till (the server has not posted it yet). */
  receipt?: QueuedReceipt;
}

/** After a sale: the change to hand back, what is still due and from whom, Print (on the size chosen) and New sale (Enter, or F2). */
export function CompletedSale({ sale, onNewSale }: { sale: Completed; onNewSale: () => void }) {
  const navigate = useNavigate();
  const sizes = usePageSizes();
  const [sizeId, setSizeId] = useState<number | undefined>();
  const chosen = sizeId ?? chooseSize(sizes.data ?? [], null)?.id;
  const size = (sizes.data ?? []).find((s) => s.id === chosen);
  const print = () =>
    navigate(
      `/admin/sale-invoice/${sale.id}/receipt?${new URLSearchParams({ ...(chosen ? { size: String(chosen) } : {}), change: formatMoney(sale.change) })}`,
    );
  return (
    <Result
      status="success"
      title={
        sale.id === null
          ? `Sale ${sale.reference} queued: the server numbers it when the till is back online`
          : `Sale #${sale.number} completed${sale.reference ? ` (${sale.reference})` : ''}`
      }
      subTitle={
        <span data-testid="till-done">
          {`Total ${moneyOfCents(sale.total)} · paid ${moneyOfCents(sale.paid)} · `}
          <strong style={{ fontSize: 18 }}>{`Change ${moneyOfCents(sale.change)}`}</strong>
          {sale.due > 0 && (
            <>
              <br />
              <strong style={{ fontSize: 18 }} data-testid="till-done-due">{`Due ${moneyOfCents(sale.due)} from ${sale.customer}`}</strong>
            </>
          )}
        </span>
      }
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <Select
            aria-label="Receipt size"
            value={chosen}
            style={{ width: 180 }}
            options={(sizes.data ?? []).map((s) => ({ value: s.id, label: s.pageSizeName }))}
            onChange={setSizeId}
          />
          {sale.receipt ? (
            <PrintQueued receipt={sale.receipt} size={size} />
          ) : (
            <Button onClick={print} disabled={sale.id === null}>
              Print
            </Button>
          )}
          <Button type="primary" autoFocus onClick={onNewSale}>
            New sale
          </Button>
        </Space>
      }
    />
  );
}

/** Print for a sale still queued: its receipt, with its reference, printed from the till on the size chosen (a roll's width). */
function PrintQueued({ receipt, size }: { receipt: QueuedReceipt; size: PageSize | undefined }) {
  const { data: settings } = useSettings();
  const mm = size ? sizeInMm(size) : { width: 80, height: 200 };
  const width = Math.min(mm.width, 90);
  const printCopy = usePrintedCopy(`size: ${width}mm ${mm.height}mm; margin: 0;`);
  return (
    <>
      <Button onClick={() => window.print()}>Print</Button>
      {createPortal(<QueuedReceiptView receipt={receipt} settings={settings} widthMm={width} />, printCopy)}
    </>
  );
}
