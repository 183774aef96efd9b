/** The currencies a first start offers; the owner picks one in the settings. */
export const currencies = [
  ['DOLLAR', '$'],
  ['EURO', '€'],
  ['POUND', '£'],
  ['BDT', '৳'],
  ['RUPEE', '₹'],
  ['YEN', '¥'],
  ['WON', '₩'],
  ['YUAN', '元'],
  ['PESO', '₱'],
  ['LIRA', '₺'],
  ['FRANC', 'Fr'],
  ['REAL', 'R$'],
  ['RUBLE', '₽'],
  ['RINGGIT', 'RM'],
] as const;
