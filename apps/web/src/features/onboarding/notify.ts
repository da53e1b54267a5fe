import { type ExternalToast, toast } from 'sonner';

/**
 * The onboarding screens' toasts. Their Back, Next and upload controls sit low on the page, where the
 * app's toasts appear; these appear at the top instead, so a toast never covers the next click.
 */
const AT_TOP: ExternalToast = { position: 'top-right' };

export const notify = {
  info: (title: string, options?: ExternalToast) => toast(title, { ...AT_TOP, ...options }),
  success: (title: string, options?: ExternalToast) => toast.success(title, { ...AT_TOP, ...options }),
  error: (title: string, options?: ExternalToast) => toast.error(title, { ...AT_TOP, ...options }),
};
