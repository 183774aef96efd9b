import type { PublicProduct } from '@tillbook/contract';
import { useMoney } from './shop.ts';
import './shop.css';

type Priced = Pick<PublicProduct, 'productSalePriceWithVat' | 'finalPriceWithVat' | 'discount'>;

/**
 * A product's price on the storefront: what the shopper pays today (`finalPriceWithVat`, from the
 * contract's `unitPrice` on the server) and, while a discount runs, the price before it struck
 * through with a small tag: "-20%", or for a flat discount what it takes off the price shown, VAT included
 * ("$2.30 off" for $2.00 off before 15% VAT, the server's `amountOff`). Plain markup (shop.css): it is on the home page.
 */
export function Price({ product, large = false }: { product: Priced; large?: boolean }) {
  const money = useMoney();
  const { discount, finalPriceWithVat: pay, productSalePriceWithVat: before } = product;
  const reduced = discount !== null && pay < before;
  const now = ['shop-price-now', reduced && 'shop-price-reduced', large && 'shop-price-large'].filter(Boolean).join(' ');
  return (
    <span className="shop-price" data-testid="price">
      <strong className={now} data-testid="product-price">
        {money(pay)}
      </strong>
      {reduced && (
        <>
          <span className="shop-price-old" data-testid="product-old-price">
            <span className="shop-hidden">was </span>
            <del>{money(before)}</del>
          </span>
          <span className="shop-discount-tag" data-testid="product-discount">
            {discount.type === 'percentage' ? `-${Number(discount.value)}%` : `${money(discount.amountOff)} off`}
          </span>
        </>
      )}
    </span>
  );
}
