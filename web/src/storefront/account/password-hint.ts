/** The password rules of the contract's `customerPassword`, as the forms show them under the field. */
export const passwordHint = 'At least 8 characters, with an upper-case letter, a lower-case letter, a digit and a special character.';
