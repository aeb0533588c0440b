-- Review and contact submissions and the day's pickup request are tasks without an order since
-- issue 47 (netlify/lib/tasks/site-tasks.ts; `migrate:orders` copies Blobs' records there): their
-- tables of 0001 are read and written by nothing. Dropped so nobody writes to them by mistake.
-- Safe to run again (`if exists`).
drop table if exists submissions;
drop table if exists pickups;
