import { Spinner } from './Spinner.tsx';

export function FullScreenSpinner() {
  return (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }} data-testid="full-screen-spinner">
      <Spinner size="large" />
    </div>
  );
}
