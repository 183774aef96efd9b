/** The shopper's profile query (the profile page and the checkout's defaults share it). */
export const profileKey = ['customer-profile'];
