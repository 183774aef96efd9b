/** The selling area's texts, word for word as the specification gives them. */
export const sellingMessages = {
  customerDeleted: 'Customer deleted successfully',
  saleAdded: 'New Sale Added Successfully',
  saleDeleted: 'Sale deleted',
  saleUpdated: 'Sale Updated Successfully',
  paymentAdded: 'Payment added successfully',
  amountAboveDue: 'Amount cannot be greater than due!',
  paymentDeleted: 'Payment deleted successfully',
  returnOverQuantity: 'insufficient quantity for return!',
  returnAdded: 'Sale return added successfully',
} as const;
