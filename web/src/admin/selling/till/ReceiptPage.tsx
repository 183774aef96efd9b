import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Alert, Button, Select, Space, Spin } from 'antd';
import { createPortal } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../../lib/api.ts';
import { must } from '../../../lib/http.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePrintedCopy } from '../../../ui/printed-copy.ts';
import { Receipt } from './Receipt.tsx';
import { chooseSize, isReceiptSize, sizeInMm, usePageSizes } from './till-data.ts';
import './receipt.css';

/**
 * A sale's receipt or invoice, ready to print: `/admin/sale-invoice/:id/receipt?size=<page size id>`
 * (and `change=` when the till knows the change). The print CSS prints only the receipt, on paper of
 * the chosen size.
 */
export default function ReceiptPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: settings } = useSettings();
  const sizes = usePageSizes();
  const sale = useQuery({ queryKey: ['sale-receipt', id], queryFn: () => must(api(routes.sale.get, { params: { id: Number(id) } })) });
  const size = chooseSize(sizes.data ?? [], params.get('size'));
  const mm = size ? sizeInMm(size) : { width: 80, height: 200 };
  const layout = size && !isReceiptSize(size) ? 'invoice' : 'receipt';
  const change = params.get('change');

  // the paper: the page size's width and height, no margins (the receipt has its own padding)
  const printCopy = usePrintedCopy(`size: ${mm.width}mm ${mm.height}mm; margin: 0;`);

  if (sale.error) return <Alert type="error" title={sale.error.message} />;
  if (!sale.data || sizes.isLoading) return <Spin />;
  const receipt = (
    <Receipt
      sale={sale.data}
      settings={settings}
      layout={layout}
      widthMm={mm.width}
      change={change && Number(change) > 0 ? Math.round(Number(change) * 100) : undefined}
    />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap className="receipt-controls">
        <Select
          aria-label="Page size"
          value={size?.id}
          style={{ width: 200 }}
          options={(sizes.data ?? []).map((s) => ({ value: s.id, label: s.pageSizeName }))}
          onChange={(value) =>
            setParams(
              (current) => {
                current.set('size', String(value));
                return current;
              },
              { replace: true },
            )
          }
        />
        <Button type="primary" onClick={() => window.print()}>
          Print
        </Button>
        <Button onClick={() => navigate('/admin/pos')}>Back to the till</Button>
      </Space>
      <div className="receipt-screen">{receipt}</div>
      {createPortal(receipt, printCopy)}
    </Space>
  );
}
