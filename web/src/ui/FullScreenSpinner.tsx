import { Spin } from 'antd';

export function FullScreenSpinner() {
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }} data-testid="full-screen-spinner">
      <Spin size="large" />
    </div>
  );
}
