import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isFullSetting, messages, routes, type Setting, settingInput } from '@tillbook/contract';
import { Button, Card, ConfigProvider, Form, Image, Result, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { reloadSettings } from '../../lib/settings.ts';
import { notSavedText, scrollToFirstError } from '../../ui/resource/form-errors.ts';
import { fromWire, placeFieldErrors, ResourceForm, toWire, validate } from '../../ui/resource/ResourceForm.tsx';
import { settingFields, toFormData } from './setting-fields.ts';

const names = settingFields.map((f) => f.name);

const imageTypes = 'image/png,image/jpeg,image/gif,image/webp';

/** A chosen file shown before it is uploaded. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** Every field of the settings; the screen is only opened by roles that may read them all. */
async function readSettings(): Promise<Setting> {
  const answer = await must(api(routes.setting.read));
  if (!isFullSetting(answer)) throw new Error('Your role may not read the settings');
  return answer;
}

/**
 * The shop's settings: the form of every field, and the logo (uploaded as form data with the
 * fields). After a save the app's settings are loaded again, so the header and the login page
 * show the new name and logo.
 */
export default function SettingsPage() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mayUpdate = can('update-setting');
  const [form] = Form.useForm();
  const setting = useQuery({ queryKey: ['setting'], queryFn: readSettings });
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = usePreview(logoFile);

  useEffect(() => {
    if (setting.data) form.setFieldsValue(fromWire(settingFields, setting.data as unknown as Record<string, unknown>));
  }, [setting.data, form]);

  if (setting.isLoading) return <Spin />;
  if (setting.error || !setting.data)
    return <Result status="error" title="The settings could not be loaded" subTitle={setting.error?.message} />;

  const current = setting.data;
  const shownLogo = preview ?? (removeLogo ? null : current.logo);

  async function save() {
    setLogoError(null);
    const values = toWire(settingFields, form.getFieldsValue(true));
    // a shop without a currency yet keeps none until one is chosen
    if (values.currencyId === null) delete values.currencyId;
    const invalid = validate(settingInput, values);
    if (invalid) {
      const { placed, unplaced } = placeFieldErrors(form, invalid, settingFields);
      if (placed.length) {
        scrollToFirstError(form, names);
        notify.error(notSavedText(placed));
      }
      if (unplaced.length) notify.error(unplaced.join('; '));
      return;
    }
    const body = logoFile ? toFormData(values, logoFile) : removeLogo ? { ...values, logo: null } : values;
    setSaving(true);
    const result = await api(routes.setting.update, { body });
    setSaving(false);
    if (result.error !== undefined) {
      // errors of form fields go onto them, the logo's under the upload, any other to a notice
      const { logo, ...others } = result.fields ?? {};
      const { placed, unplaced } = placeFieldErrors(form, others, settingFields);
      if (logo) setLogoError(`Logo ${logo}`);
      if (placed.length) {
        scrollToFirstError(form, names);
        notify.error(notSavedText(logo ? [...placed, 'Logo'] : placed));
      }
      if (unplaced.length) notify.error(unplaced.join('; '));
      else if (placed.length === 0 && !logo) notify.error(result.error);
      return;
    }
    notify.success(messages.updated);
    setLogoFile(null);
    setRemoveLogo(false);
    queryClient.setQueryData(['setting'], result.data);
    await reloadSettings();
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Settings
      </Typography.Title>
      <ConfigProvider componentDisabled={!mayUpdate}>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card title="Logo">
            <Space align="start" size="large" wrap>
              <div style={{ width: 160, height: 96, display: 'grid', placeItems: 'center', border: '1px dashed #ccc', borderRadius: 6 }}>
                {shownLogo ? (
                  <Image src={shownLogo} alt="Logo" preview={false} style={{ maxWidth: 150, maxHeight: 86 }} data-testid="logo-preview" />
                ) : (
                  <Typography.Text type="secondary">No logo</Typography.Text>
                )}
              </div>
              <Space orientation="vertical">
                <Upload
                  accept={imageTypes}
                  showUploadList={false}
                  maxCount={1}
                  beforeUpload={(file) => {
                    setLogoFile(file);
                    setRemoveLogo(false);
                    setLogoError(null);
                    return false;
                  }}
                >
                  <Button>Choose logo</Button>
                </Upload>
                {logoFile && (
                  <Button onClick={() => setLogoFile(null)}>{current.logo ? 'Keep the current logo' : 'Clear the choice'}</Button>
                )}
                {!logoFile && current.logo && (
                  <Button onClick={() => setRemoveLogo(!removeLogo)}>{removeLogo ? 'Keep the logo' : 'Remove logo'}</Button>
                )}
                <Typography.Text type="secondary">
                  {logoFile
                    ? `${logoFile.name} is uploaded when you save.`
                    : removeLogo
                      ? 'The logo is removed when you save.'
                      : 'PNG, JPEG, GIF or WebP.'}
                </Typography.Text>
                {logoError && (
                  <Typography.Text type="danger" role="alert">
                    {logoError}
                  </Typography.Text>
                )}
              </Space>
            </Space>
          </Card>
          <Card title="Company">
            <ResourceForm form={form} fields={settingFields} schema={settingInput} />
          </Card>
        </Space>
      </ConfigProvider>
      {mayUpdate ? (
        <Button type="primary" onClick={save} loading={saving}>
          Save
        </Button>
      ) : (
        <Typography.Text type="secondary">Your role may look at the settings but not change them.</Typography.Text>
      )}
    </Space>
  );
}
