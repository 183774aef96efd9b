import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductRow, type PurchaseRequestDetail, purchaseInvoiceInput, resources, routes } from '@tillbook/contract';
import { Button, DatePicker, Input, InputNumber, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { moneyOfCents } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { ProductFinder } from '../../ui/document/ProductFinder.tsx';
import { type LineVariant, lineVariantOf, lineWithoutVariant, VariantSelect, variantField } from '../../ui/document/VariantSelect.tsx';
import { RefSelect, useLookup } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { PaidBySelect } from './PaidBySelect.tsx';

type Found = Pick<
  ProductRow,
  'id' | 'name' | 'sku' | 'productQuantity' | 'productPurchasePrice' | 'productVatId' | 'hasVariants' | 'variants' | 'scannedVariantId'
>;
interface Line extends Pick<Found, 'id' | 'name' | 'sku' | 'productPurchasePrice' | 'productVatId'>, LineVariant {
  /** The line's own key: a product sold by variants has a line per variant. */
  key: string;
  productQuantity: number;
  quantity: number | null;
  cost: number | null;
  /** The VAT % typed on the line; null keeps its product's VAT type's, which the server then applies too. */
  tax: number | null;
}

/** Lines made without a variant yet, for their keys. */
let unnamedLines = 0;

const cents = (n: number | null) => Math.round((n ?? 0) * 100);

/** A purchase request's lines as the form's lines: its quantities at each product's average cost now. */
const requestLines = (request: PurchaseRequestDetail): Line[] =>
  request.productList.map(({ product: p, reorderProductQuantity }) => ({
    ...p,
    key: String(p.id),
    variantId: null,
    quantity: reorderProductQuantity,
    cost: p.productPurchasePrice,
    tax: null,
  }));

/**
 * A new purchase invoice: a supplier, lines found by SKU or name (Enter, as a scanner types), each with
 * its quantity, unit cost and VAT (its product's VAT type's unless changed), and an amount paid now by
 * any payment method (cash when none is chosen). With `?request=PR-…` it receives
 * that purchase request: the lines start as the request's, and saving marks the request received.
 */
export default function PurchaseCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requestCode = useSearchParams()[0].get('request') ?? undefined;
  const request = useQuery({
    queryKey: ['purchase-reorder-invoice', requestCode],
    queryFn: () => must(api(routes.reorder.getRequest, { params: { code: requestCode! } })),
    enabled: requestCode !== undefined,
  });
  const [supplierId, setSupplierId] = useState<number | undefined>();
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [paid, setPaid] = useState<number | null>(null);
  const [methodId, setMethodId] = useState<number | undefined>();
  const vats = useLookup(refTo(resources.vat));
  const vatOf = (l: Line) => l.tax ?? Number(vats.byId.get(Number(l.productVatId))?.percentage ?? 0);
  const submission = useSubmission();
  const requested = request.data;
  useEffect(() => {
    if (requested) setLines(requestLines(requested));
  }, [requested]);
  const backTo = requestCode ? '/admin/reorder' : '/admin/purchase-invoice';

  function add(p: Found) {
    const { id, name, sku, productQuantity, productPurchasePrice, productVatId } = p;
    const variant = lineVariantOf(p);
    const same = (l: Line) => l.id === id && l.variantId === variant.variantId;
    setLines((current) => {
      if (current.some(same)) return current.map((l) => (same(l) ? { ...l, quantity: (l.quantity ?? 0) + 1 } : l));
      const key = `${id}/${variant.variantId ?? `new-${++unnamedLines}`}`;
      const fields = { key, id, name, sku, productQuantity, productPurchasePrice, productVatId, ...variant };
      return [...current, { ...fields, quantity: 1, cost: Number(productPurchasePrice ?? 0), tax: null }];
    });
  }

  const change = (key: string, patch: Partial<Line>) => setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const net = lines.reduce((acc, l) => acc + cents(l.cost) * (l.quantity ?? 0), 0);
  const vat = lines.reduce((acc, l) => acc + Math.round((cents(l.cost) * (l.quantity ?? 0) * vatOf(l)) / 100), 0);

  async function save() {
    const unnamed = lineWithoutVariant(lines);
    if (unnamed) return void notify.error(`${unnamed.name}: choose the variant (it is sold by its variants)`);
    const body = {
      date: date ? date.format('YYYY-MM-DD') : undefined,
      supplierId,
      purchaseRequestId: requestCode,
      supplierMemoNo: memo || undefined,
      paidAmount: paid ? [{ amount: paid, paymentType: methodId }] : [],
      purchaseInvoiceProduct: lines.map((l) => ({
        productId: l.id,
        ...variantField(l),
        productQuantity: l.quantity,
        productUnitPurchasePrice: l.cost,
        tax: l.tax ?? undefined,
      })),
    };
    const checked = purchaseInvoiceInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const line = typeof issue.path[1] === 'number' ? lines[issue.path[1]] : undefined;
      notify.error(
        line
          ? `${line.name}: ${String(issue.path[2] ?? '')} ${issue.message}`
          : issue.path[0] === 'purchaseInvoiceProduct'
            ? `Add a product line: the purchase ${issue.message}`
            : issue.path[0] === 'supplierId'
              ? 'Choose a supplier'
              : `${String(issue.path[0])} ${issue.message}`,
      );
      return;
    }
    const result = await submission.submit(body, (headers) => api(routes.purchaseInvoice.create, { body }, { headers }));
    if (!result) return;
    if (result.error !== undefined) {
      notify.error(result.error);
      return;
    }
    notify.success(requestCode ? `Purchase invoice added: purchase request ${requestCode} received` : 'Purchase invoice added');
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    await queryClient.invalidateQueries({ queryKey: ['purchase-reorder-invoice'] });
    navigate(backTo);
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {requestCode ? `Receive purchase request ${requestCode}` : 'New purchase'}
      </Typography.Title>
      {request.error && <Typography.Text type="danger">{request.error.message}</Typography.Text>}
      {requested && requested.state !== 'requested' && (
        <Typography.Text type="danger">{`Purchase request ${requestCode} is ${requested.state}: it cannot be received again.`}</Typography.Text>
      )}
      <Space wrap>
        <RefSelect
          source={refTo(resources.supplier)}
          required
          aria-label="Supplier"
          placeholder="Supplier"
          value={supplierId}
          onChange={(v) => setSupplierId(v as number | undefined)}
          style={{ width: 240 }}
        />
        <DatePicker value={date} onChange={setDate} aria-label="Date" />
        <Input
          placeholder="Supplier memo no."
          aria-label="Supplier memo no."
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          style={{ width: 200 }}
        />
      </Space>
      <ProductFinder onAdd={add} />
      <Table<Line>
        rowKey="key"
        pagination={false}
        scroll={{ x: true }}
        dataSource={lines}
        locale={{ emptyText: 'Find a product to add a line' }}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => `${l.name} (${l.sku})` },
          {
            key: 'variant',
            title: 'Variant',
            render: (_, l) => <VariantSelect line={l} name={l.name} onChange={(variantId) => change(l.key, { variantId })} />,
          },
          {
            key: 'qty',
            title: 'Quantity',
            render: (_, l) => (
              <InputNumber aria-label={`Quantity of ${l.name}`} value={l.quantity} onChange={(v) => change(l.key, { quantity: v })} />
            ),
          },
          {
            key: 'cost',
            title: 'Unit cost',
            render: (_, l) => (
              <InputNumber aria-label={`Unit cost of ${l.name}`} value={l.cost} onChange={(v) => change(l.key, { cost: v })} />
            ),
          },
          {
            key: 'tax',
            title: 'VAT %',
            render: (_, l) => <InputNumber aria-label={`VAT of ${l.name}`} value={vatOf(l)} onChange={(v) => change(l.key, { tax: v })} />,
          },
          {
            key: 'remove',
            title: '',
            render: (_, l) => (
              <Button size="small" onClick={() => setLines((c) => c.filter((x) => x.key !== l.key))}>
                Remove
              </Button>
            ),
          },
        ]}
      />
      <Typography.Text>{`Amount ${moneyOfCents(net)} · VAT ${moneyOfCents(vat)} · Total ${moneyOfCents(net + vat)}`}</Typography.Text>
      <Space wrap>
        <InputNumber aria-label="Paid now" placeholder="Paid now" value={paid} onChange={setPaid} style={{ width: 160 }} />
        <PaidBySelect value={methodId} onChange={setMethodId} />
        <Button type="primary" loading={submission.busy} onClick={save}>
          Save purchase
        </Button>
        <Button onClick={() => navigate(backTo)}>Cancel</Button>
      </Space>
    </Space>
  );
}
