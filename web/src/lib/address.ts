import { useSearchParams } from 'react-router';

/**
 * The address's query, and a change of it made on the address as it is when the change is made. The router
 * draws a navigation in a transition and hands its setter the query of the last render: a filter set before
 * the previous one's render committed (a status tab, then Enter in the search straight away, on a busy
 * phone) would otherwise build on the old query and drop the tab's status.
 */
export function useAddressParams(): [URLSearchParams, (change: (current: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  return [params, (change) => setParams(change(new URLSearchParams(window.location.search)))];
}
