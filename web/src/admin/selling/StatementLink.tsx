import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../lib/permissions.ts';

/** A customer row's way to its statement page. */
export function StatementLink({ id }: { id: number }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  if (!can('readSingle-customer')) return null;
  return (
    <Button size="small" onClick={() => navigate(`/admin/customer/${id}`)}>
      Statement
    </Button>
  );
}
