import toast, { type DefaultToastOptions, Toaster } from 'react-hot-toast';

// react-hot-toast and its styles: fetched after the first paint (see notices.tsx), not in any page's first load.
export { toast };

/** Notice durations of the specification: 2 s success; 4 s plain, error and custom; loading until dismissed. */
export const noticeDurations = { success: 2000, blank: 4000, error: 4000, custom: 4000, loading: Infinity } as const;
/** At most 20 notices at once: react-hot-toast's own limit (its store keeps the newest 20); the unit test holds it to that. */
export const maxNotices = 20;
export const noticePosition = 'top-center' as const;

export const toasterOptions: DefaultToastOptions = {
  duration: noticeDurations.blank,
  blank: { duration: noticeDurations.blank },
  success: { duration: noticeDurations.success },
  error: { duration: noticeDurations.error },
  loading: { duration: noticeDurations.loading },
  custom: { duration: noticeDurations.custom },
};

export function ToasterNotices() {
  return <Toaster position={noticePosition} toastOptions={toasterOptions} />;
}
