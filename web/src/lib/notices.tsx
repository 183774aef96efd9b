import toast, { Toaster, useToasterStore, type ToastOptions } from 'react-hot-toast';
import { useEffect } from 'react';

/** Notice durations of the specification: 2 s success; 4 s plain, error and custom; loading until dismissed. */
export const noticeDurations = { success: 2000, blank: 4000, error: 4000, custom: 4000, loading: Infinity } as const;
export const maxNotices = 20;
export const noticePosition = 'top-center' as const;

export const toasterOptions: ToastOptions & Record<string, unknown> = {
  success: { duration: noticeDurations.success },
  error: { duration: noticeDurations.error },
  loading: { duration: noticeDurations.loading },
  custom: { duration: noticeDurations.custom },
  blank: { duration: noticeDurations.blank },
  duration: noticeDurations.blank,
};

export const notify = {
  success: (text: string) => toast.success(text),
  error: (text: string) => toast.error(text),
  info: (text: string) => toast(text),
  loading: (text: string) => toast.loading(text),
  dismiss: (id?: string) => toast.dismiss(id),
};

/** Keeps at most 20 notices on screen: the oldest visible ones are dismissed first. */
function NoticeLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts.filter((t) => t.visible).slice(maxNotices).forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function Notices() {
  return (
    <>
      <Toaster position={noticePosition} toastOptions={toasterOptions} />
      <NoticeLimit />
    </>
  );
}
