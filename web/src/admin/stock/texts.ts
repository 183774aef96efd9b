/** Texts of the stock screens where the spec gives none (its own words come from the contract's messages). */
export const sliderTexts = {
  added: 'Slider image added successfully',
  updated: 'Slider image updated successfully',
  deleted: 'Slider image deleted successfully',
  imageNeeded: 'Choose an image for the slide',
};

export const reorderTexts = {
  requested: (code: string) => `Purchase request ${code} made`,
  deleted: (code: string) => `Purchase request ${code} deleted`,
  cancelled: (code: string) => `Purchase request ${code} cancelled`,
  received: (code: string) => `Purchase request ${code} received`,
  chooseLines: 'Choose the products to request',
};

/** What a reorder line suggests: enough to reach twice the reorder level, at least 1. */
export const suggestedQuantity = (onHand: number, reorderLevel: number) => Math.max(1, 2 * reorderLevel - onHand);

/** How a purchase request's state reads on the stock screens. */
export const requestStateLabels = { requested: 'Requested', received: 'Received', cancelled: 'Cancelled' } as const;
export const requestStateColours = { requested: 'blue', received: 'green', cancelled: 'default' } as const;
