import { Result } from 'antd';
import { Link } from 'react-router';

/** Shown for a screen the role's permissions do not allow (e.g. reached by a typed URL). */
export function NoAccess({ permission }: { permission?: string }) {
  return (
    <Result
      status="403"
      title="No access"
      subTitle={`Your role does not allow this screen${permission ? ` (${permission})` : ''}. Ask the shop owner to grant it.`}
      extra={<Link to="/admin/dashboard">Back to the dashboard</Link>}
    />
  );
}
