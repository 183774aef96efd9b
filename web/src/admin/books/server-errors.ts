import type { FormInstance } from 'antd';

/** Puts a refused save's field reasons on their fields, each as 'Label reason'; answers whether any was placed. */
export function placeServerErrors(form: FormInstance, fields: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  const entries = Object.entries(fields ?? {}).filter(([name]) => name in labels);
  form.setFields(entries.map(([name, reason]) => ({ name, errors: [`${labels[name]} ${reason}`] })));
  return entries.length > 0;
}
