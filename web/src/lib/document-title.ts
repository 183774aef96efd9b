import { useEffect } from 'react';

/** Sets the browser's title while the page is shown, and puts back the one before when it goes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
