import type { ProductVariant } from '@tillbook/contract';
import { Button, Modal } from 'antd';
import { createPortal } from 'react-dom';
import { money } from '../../ui/document/LinesTable.tsx';
import { usePrintedCopy } from '../../ui/printed-copy.ts';
import { Barcode } from '../selling/till/Barcode.tsx';
import './variant-label.css';

/** Code 128 B takes printable ASCII only: another code is shown as text alone. */
const encodable = (code: string) => /^[\x20-\x7e]+$/.test(code);

/** The label itself: the product and variant, the code as bars and in large monospace, the price to pay. */
function Label({ code, productName, name, price }: { code: string; productName: string; name: string; price: number }) {
  return (
    <div className="variant-label">
      <div className="variant-label-name">{`${productName} · ${name}`}</div>
      {encodable(code) && <Barcode value={code} height={48} label={`Barcode ${code}`} />}
      <div className="variant-label-code" data-testid="variant-code">
        {code}
      </div>
      <div className="variant-label-price">{money(price)}</div>
    </div>
  );
}

/**
 * A variant's barcode (its SKU when it has none: the till finds it by either) as a label to read or to
 * print: Print prints the label alone, on a 62 mm label roll.
 */
export function VariantBarcodeLabel({
  variant: v,
  productName,
  name,
  onClose,
}: {
  variant: ProductVariant;
  productName: string;
  name: string;
  onClose: () => void;
}) {
  const printed = usePrintedCopy('size: 62mm 40mm; margin: 2mm');
  const code = v.barcode || v.sku;
  const label = <Label code={code} productName={productName} name={name} price={v.finalPriceWithVat} />;
  return (
    <Modal
      open
      title={v.barcode ? `Barcode of ${name}` : `${name} has no barcode: its SKU`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="print" type="primary" onClick={() => window.print()}>
          Print
        </Button>,
      ]}
    >
      {label}
      {createPortal(label, printed)}
    </Modal>
  );
}
