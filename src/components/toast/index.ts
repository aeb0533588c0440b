export type { ToastApi } from './ToastProvider.tsx';
export { ToastProvider, ToastViewport, useToast } from './ToastProvider.tsx';
export type { Toast, ToastId, ToastOptions, ToastStore, ToastType } from './toast-queue.ts';
export { createToastStore, DEFAULT_TOAST_DURATION } from './toast-queue.ts';
