import type { PublicProduct } from '@tillbook/contract';
import { Space, Tag, Typography } from 'antd';
import { useMoney } from './shop.ts';

type Priced = Pick<PublicProduct, 'productSalePriceWithVat' | 'finalPriceWithVat' | 'discount'>;

/**
 * A product's price on the storefront: what the shopper pays today (`finalPriceWithVat`, from the
 * contract's `unitPrice` on the server) and, while a discount runs, the price before it struck
 * through with a small tag ("-20%", "$2.00 off").
 */
export function Price({ product, large = false }: { product: Priced; large?: boolean }) {
  const money = useMoney();
  const { discount, finalPriceWithVat: pay, productSalePriceWithVat: before } = product;
  const reduced = discount !== null && pay < before;
  return (
    <Space size={[8, 0]} wrap align="baseline" data-testid="price">
      <Typography.Text
        strong
        data-testid="product-price"
        style={large ? { fontSize: 24 } : undefined}
        type={reduced ? 'danger' : undefined}
      >
        {money(pay)}
      </Typography.Text>
      {reduced && (
        <>
          <Typography.Text delete type="secondary" data-testid="product-old-price" aria-label={`was ${money(before)}`}>
            {money(before)}
          </Typography.Text>
          <Tag color="red" bordered={false} style={{ marginInlineEnd: 0 }} data-testid="product-discount">
            {discount.type === 'percentage' ? `-${Number(discount.value)}%` : `${money(discount.value)} off`}
          </Tag>
        </>
      )}
    </Space>
  );
}
