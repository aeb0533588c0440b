export { EarlyToasts, ToastProvider, useToast } from './ToastProvider.tsx';
export type { ToastOptions } from './toast-queue.ts';
export { createToastStore } from './toast-queue.ts';
