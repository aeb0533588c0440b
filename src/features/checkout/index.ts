// The checkout feature's public face for the app shell: the order outbox's notices on every page.
export { OutboxNotices } from './OutboxNotices.tsx';
