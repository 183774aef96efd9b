import { useEffect, useState } from 'react';

/**
 * What a page prints (a receipt, an X or Z report): an element beside the app under <body>, which the print CSS
 * (receipt.css) prints alone, on paper of `pageRule` (an `@page` rule, e.g. `size: 80mm 200mm; margin: 0`). The
 * page portals its printed copy into the element answered; both go when the page does.
 */
export function usePrintedCopy(pageRule: string): HTMLElement {
  const [element] = useState(() => Object.assign(document.createElement('div'), { className: 'receipt-print-copy' }));
  useEffect(() => {
    document.body.append(element);
    return () => element.remove();
  }, [element]);
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.receiptPage = 'true';
    style.textContent = `@page { ${pageRule} }`;
    document.head.append(style);
    return () => style.remove();
  }, [pageRule]);
  return element;
}
