import { accountEndpoints } from './accounting/accounts.ts';
import { transactionEndpoints } from './accounting/transactions.ts';
import { vatReportEndpoints } from './accounting/vat-report.ts';
import { auditLogEndpoints } from './audit/audit-log.ts';
import { productCsvEndpoints, productEndpoints, productReportEndpoints } from './catalogue/product-endpoints.ts';
import { productVariantEndpoints } from './catalogue/product-variant.ts';
import { sliderEndpoints } from './catalogue/slider-endpoints.ts';
import { subCategoryDetailEndpoints } from './catalogue/sub-category-details.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { customerSessionEndpoints } from './identity/customer-session.ts';
import { rolePermissionEndpoints, sessionEndpoints, userEndpoints } from './identity/endpoints.ts';
import { googleLoginEndpoints } from './identity/google-login.ts';
import { designationHistoryEndpoints, salaryHistoryEndpoints } from './identity/staff-history.ts';
import { adjustEndpoints } from './inventory/adjust-inventory.ts';
import { reorderEndpoints } from './inventory/reorder.ts';
import { emailConfigEndpoints, emailEndpoints } from './mail/email-endpoints.ts';
import { invoiceMailEndpoints } from './mail/invoice-mail.ts';
import { appointmentEndpoints } from './people/appointment.ts';
import { leadEndpoints } from './people/lead.ts';
import { purchaseInvoiceEndpoints, purchasePaymentEndpoints, returnPurchaseEndpoints } from './purchasing/purchase-endpoints.ts';
import { holdEndpoints, saleEndpoints, salePaymentEndpoints } from './selling/sale-invoice.ts';
import { returnSaleEndpoints } from './selling/sale-return.ts';
import { fileEndpoints, settingEndpoints } from './settings-endpoints.ts';
import { cartEndpoints } from './shop/cart.ts';
import { couponEndpoints } from './shop/coupon.ts';
import { manualPaymentEndpoints, orderEndpoints } from './shop/order.ts';
import { returnOrderEndpoints } from './shop/return-order.ts';
import { reviewEndpoints } from './shop/review.ts';
import { wishlistEndpoints } from './shop/wishlist.ts';
import { tillCatalogueEndpoints } from './till/till-catalogue.ts';
import { tillSessionEndpoints } from './till/till-session.ts';

/** Every bespoke endpoint of the API, by area. The server implements each; the web calls only these. */
export const endpoints = {
  adjust: adjustEndpoints,
  reorder: reorderEndpoints,
  session: sessionEndpoints,
  user: userEndpoints,
  designationHistory: designationHistoryEndpoints,
  salaryHistory: salaryHistoryEndpoints,
  rolePermission: rolePermissionEndpoints,
  setting: settingEndpoints,
  files: fileEndpoints,
  product: productEndpoints,
  productCsv: productCsvEndpoints,
  productReport: productReportEndpoints,
  slider: sliderEndpoints,
  sale: saleEndpoints,
  hold: holdEndpoints,
  salePayment: salePaymentEndpoints,
  returnSale: returnSaleEndpoints,
  transaction: transactionEndpoints,
  account: accountEndpoints,
  vatReport: vatReportEndpoints,
  dashboard: dashboardEndpoints,
  purchaseInvoice: purchaseInvoiceEndpoints,
  returnPurchase: returnPurchaseEndpoints,
  purchasePayment: purchasePaymentEndpoints,
  emailConfig: emailConfigEndpoints,
  email: emailEndpoints,
  customerSession: customerSessionEndpoints,
  googleLogin: googleLoginEndpoints,
  invoiceMail: invoiceMailEndpoints,
  cart: cartEndpoints,
  order: orderEndpoints,
  manualPayment: manualPaymentEndpoints,
  coupon: couponEndpoints,
  review: reviewEndpoints,
  wishlist: wishlistEndpoints,
  subCategoryDetail: subCategoryDetailEndpoints,
  returnOrder: returnOrderEndpoints,
  lead: leadEndpoints,
  appointment: appointmentEndpoints,
  tillSession: tillSessionEndpoints,
  tillCatalogue: tillCatalogueEndpoints,
  auditLog: auditLogEndpoints,
  productVariant: productVariantEndpoints,
};

type Registry = typeof endpoints;
/** Any endpoint of the contract (and nothing else). */
export type ContractEndpoint = { [A in keyof Registry]: Registry[A][keyof Registry[A]] }[keyof Registry];
