import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, multipart } from '../endpoint.ts';
import { email, optionalLines, optionalText, requiredText } from '../fields.ts';
import { logoutBody } from './endpoints.ts';

/** The storefront's account texts, word for word as the specification gives them. */
export const customerMessages = {
  registered: 'Register Successfully Done',
  loginFailed: 'Incorrect Username or Password!',
  loggedOut: 'LogOut Successfully Done',
  passwordChanged: 'Your password reset successful, please login',
  forgotRequested: 'Check your email for next step',
  passwordRecovered: 'Your password recovered, please login',
} as const;

/** How long a password-recovery link works (reference 3.1: 2 hours). */
export const passwordResetHours = 2;

/**
 * A shopper's new password (reference 3.1): at least 8 characters with an upper-case letter, a
 * lower-case letter, a digit and a special character. The first rule broken is the field's message.
 */
export const customerPassword = z
  .string({ error: 'is required' })
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters')
  .refine((p) => /[A-Z]/.test(p), 'must contain an upper-case letter')
  .refine((p) => /[a-z]/.test(p), 'must contain a lower-case letter')
  .refine((p) => /\d/.test(p), 'must contain a digit')
  .refine((p) => /[^A-Za-z0-9]/.test(p), 'must contain a special character');

const presentPassword = z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters');
/** Sent by the forms with a "confirm" field: when sent it must equal `password`. */
const confirmPassword = z.string().max(200).optional();
const confirmed = <T extends { password: string; confirmPassword?: string | undefined }>(body: T, ctx: z.RefinementCtx) => {
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'must match the password' });
  }
};

/** `POST customer/register`: the shopper signs up (and is signed in at once). */
export const customerRegisterBody = z
  .object({
    username: requiredText(80),
    email,
    password: customerPassword,
    confirmPassword,
    firstName: optionalText(60),
    lastName: optionalText(60),
  })
  .superRefine(confirmed);

/** `POST customer/login`: `email` holds the shopper's e-mail address or username (the form's field reads Email). */
export const customerLoginBody = z.object({ email: requiredText(200), password: presentPassword });

/**
 * What the storefront stores after login or registration (spec local storage keys: id, access-token,
 * role, user, isLogged): the access token and the shopper, never a password or the Google id.
 */
export const customerLoginAnswer = z.object({
  token: out.text,
  role: out.text,
  roleId: out.id,
  ...recordOut,
  username: out.optionalText,
  email: out.optionalText,
  firstName: out.optionalText,
  lastName: out.optionalText,
  /** The photo's URL (an upload of ours, or a Google avatar), if any. */
  profileImage: out.optionalText,
});
export type CustomerLoginAnswer = z.infer<typeof customerLoginAnswer>;

/** The signed-in shopper's own record. */
export const customerProfileOut = z.object({
  ...recordOut,
  username: out.optionalText,
  firstName: out.optionalText,
  lastName: out.optionalText,
  email: out.optionalText,
  phone: out.optionalText,
  address: out.optionalText,
  /** The photo's URL (an upload of ours, or a Google avatar), if any. */
  profileImage: out.optionalText,
  role: out.text,
  roleId: out.id,
});
export type CustomerProfile = z.infer<typeof customerProfileOut>;

/** `GET customer/profile`: the record and the delivery address and phone of the shopper's last order (null before the first). */
export const customerProfileWithDeliveryOut = customerProfileOut.extend({
  lastDelivery: z.object({ deliveryAddress: out.optionalText, customerPhone: out.optionalText }).nullable(),
});
export type CustomerProfileWithDelivery = z.infer<typeof customerProfileWithDeliveryOut>;

/** The file field of the profile form that carries the photo. */
export const customerPhotoField = 'profileImage';

/**
 * The text fields of `POST customer/{id}` (multipart form data; all optional, a blank field clears
 * it, a missing one keeps it). The photo comes as the file `profileImage`; `removeImage=true` removes it.
 */
export const customerProfileForm = z.object({
  username: requiredText(80).optional(),
  firstName: optionalText(60),
  lastName: optionalText(60),
  phone: optionalText(40),
  address: optionalLines(300),
});

/** `PATCH customer/reset-password/{id}`: change the password, the old one required. */
export const customerChangePasswordBody = z
  .object({ oldPassword: presentPassword, password: customerPassword, confirmPassword })
  .superRefine(confirmed);

/** `POST customer/request-forgot-password` */
export const forgotPasswordRequestBody = z.object({ email });

/** `PATCH customer/forgot-password`: the token from the mailed link and the new password. */
export const forgotPasswordBody = z
  .object({
    token: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is not a valid link'),
    password: customerPassword,
    confirmPassword,
  })
  .superRefine(confirmed);

const messageAnswer = z.object({ message: out.text });

/**
 * The storefront's account calls. Customer access tokens carry kind 'customer'; the refresh token
 * travels in its own httpOnly cookie (`customerRefreshToken`, path /v1), rotated at each refresh.
 * Every `{id}` must be the caller's own (the owner always comes from the token).
 */
export const customerSessionEndpoints = {
  register: endpoint({
    method: 'POST',
    path: 'customer/register',
    access: 'public',
    body: customerRegisterBody,
    answer: customerLoginAnswer,
    status: 201,
  }),
  login: endpoint({ method: 'POST', path: 'customer/login', access: 'public', body: customerLoginBody, answer: customerLoginAnswer }),
  refresh: endpoint({ method: 'GET', path: 'customer/refresh-token', access: 'public', answer: z.object({ token: out.text }) }),
  logout: endpoint({ method: 'POST', path: 'customer/logout', access: 'customer', body: logoutBody, answer: messageAnswer }),
  /** The shopper's own record, with where their last order went (the checkout fills it in). */
  profile: endpoint({ method: 'GET', path: 'customer/profile', access: 'customer', answer: customerProfileWithDeliveryOut }),
  profileById: endpoint({ method: 'GET', path: 'e-commerce/profile/:id', access: 'customer', answer: customerProfileOut }),
  updateProfile: endpoint({ method: 'POST', path: 'customer/:id', access: 'customer', body: multipart, answer: customerProfileOut }),
  changePassword: endpoint({
    method: 'PATCH',
    path: 'customer/reset-password/:id',
    access: 'customer',
    body: customerChangePasswordBody,
    answer: messageAnswer,
  }),
  requestForgotPassword: endpoint({
    method: 'POST',
    path: 'customer/request-forgot-password',
    access: 'public',
    body: forgotPasswordRequestBody,
    answer: messageAnswer,
  }),
  forgotPassword: endpoint({
    method: 'PATCH',
    path: 'customer/forgot-password',
    access: 'public',
    body: forgotPasswordBody,
    answer: messageAnswer,
  }),
};
