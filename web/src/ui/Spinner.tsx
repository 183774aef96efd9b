import './spinner.css';

/** A loading spinner in plain CSS, for pages of the first load (antd's Spin would bring antd's core with it). */
export function Spinner({ size = 'default' }: { size?: 'default' | 'large' }) {
  return <span role="progressbar" aria-label="Loading" className={size === 'large' ? 'tb-spinner tb-spinner-large' : 'tb-spinner'} />;
}
