import type { FormInstance } from 'antd';

/**
 * A refusal's field reasons put on the form's fields, named by the labels (`Name is required`): `names` maps
 * the server's field to the form's where they differ. Answers whether any reason found its field.
 */
export function putFieldErrors(
  form: FormInstance,
  fields: Record<string, string> | undefined,
  labels: Record<string, string>,
  names: Record<string, string> = {},
): boolean {
  const entries = Object.entries(fields ?? {});
  const onForm = entries.filter(([name]) => labels[name] !== undefined);
  form.setFields(onForm.map(([name, reason]) => ({ name: names[name] ?? name, errors: [`${labels[name]} ${reason}`] })));
  return onForm.length > 0;
}
