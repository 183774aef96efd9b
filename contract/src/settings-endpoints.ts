import { z } from 'zod';
import { endpoint, fileAnswer } from './endpoint.ts';
import { type SettingInput, settingOut, settingReadOut } from './settings.ts';

/** The settings as JSON: settingInput's fields, and `logo: null` (or '') to remove the logo. */
export type SettingWrite = { [K in keyof SettingInput]?: unknown } & { logo?: null | '' };

/**
 * The body of `POST setting`: JSON, or form data with the same fields and an optional `logo` file.
 * The server reads and checks it itself (with settingInput), since a file only comes as form data.
 */
export const settingBody = z.custom<SettingWrite | FormData>(() => true);

/** The shop's settings: the public part for anyone, every field for staff who may read them. */
export const settingEndpoints = {
  read: endpoint({ method: 'GET', path: 'setting', access: 'public', answer: settingReadOut }),
  update: endpoint({ method: 'POST', path: 'setting', access: 'update-setting', body: settingBody, answer: settingOut }),
};

/** Uploaded files, served back by the name the server gave them. */
export const fileEndpoints = {
  get: endpoint({ method: 'GET', path: 'uploads/:name', access: 'public', answer: fileAnswer }),
};
