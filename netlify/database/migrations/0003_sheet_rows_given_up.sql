-- The Sheet's rows given up after a day of failures are tried again each hour (issue 48,
-- netlify/lib/orders/sheet-kind.ts): the batch finds them every minute by this index, not by a
-- scan of every task.
create index if not exists tasks_sheet_given_up on tasks (updated_at) where kind = 'sheet' and state = 'given-up';
