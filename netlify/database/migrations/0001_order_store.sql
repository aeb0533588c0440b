-- The order store (issue 47, decision 031): every order, its lines and its history; the tasks its
-- life earns; the invoice series; and what the shop keeps beside orders (webhook events, phone
-- histories, WhatsApp opt-outs and messages, review and contact submissions, the day's pickups).
--
-- Netlify applies this on deploy (a failure fails the deploy); `npm run dev`, `npm start` and the
-- tests apply it to their own engine. Never edit a migration once it has shipped: add the next one.
-- Written to be safe to run again over a half-applied state (`if not exists`).

create table if not exists orders (
  order_id text primary key,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- pending | paid | forwarded | expired | cancelled (docs/shop-rules.md §10).
  status text not null,
  -- prepaid | cod
  mode text not null,
  -- The shopper's phone as its 10 digits: the COD rules read a phone's orders.
  phone text not null,
  -- What the queries ask, kept by the same write that changes the record (order-store.ts):
  -- something is left to do; staff must act; an extra payment is owed back; a parcel is followed.
  is_open boolean not null,
  needs_attention boolean not null,
  needs_refund boolean not null,
  parcel_open boolean not null,
  parcel_state text,
  -- The India date of the GST invoice and credit note (report:gst reads a month).
  invoice_date date,
  credit_note_date date,
  -- When its first and its latest parcel were booked (report:returns reads the parcels of a period).
  first_booked_at timestamptz,
  last_booked_at timestamptz,
  -- Everything else the order holds (netlify/lib/orders/order-record.ts), without its lines and history.
  record jsonb not null,
  -- Moves by one with every write: a write names the version it read (compare-and-swap).
  version integer not null default 1
);
create index if not exists orders_open on orders (order_id) where is_open;
create index if not exists orders_attention on orders (order_id) where needs_attention;
create index if not exists orders_refund on orders (order_id) where needs_refund;
create index if not exists orders_parcels on orders (order_id) where parcel_open;
create index if not exists orders_status on orders (status, created_at);
create index if not exists orders_phone on orders (phone, created_at);
create index if not exists orders_invoice_date on orders (invoice_date) where invoice_date is not null;
create index if not exists orders_credit_note_date on orders (credit_note_date) where credit_note_date is not null;
create index if not exists orders_booked on orders (last_booked_at) where last_booked_at is not null;

create table if not exists order_lines (
  order_id text not null references orders (order_id) on delete cascade,
  position integer not null,
  product_id integer not null,
  size text not null,
  quantity integer not null check (quantity > 0),
  primary key (order_id, position)
);
create index if not exists order_lines_size on order_lines (product_id, size);

-- Every Razorpay order made for an order (a payment started again makes another): a webhook or a
-- late payment names one of them.
create table if not exists razorpay_orders (
  razorpay_order_id text primary key,
  order_id text not null references orders (order_id) on delete cascade
);

create table if not exists order_events (
  id bigint generated always as identity primary key,
  order_id text not null references orders (order_id) on delete cascade,
  -- As the writer gave it (an ISO time).
  at text not null,
  event text not null
);
create index if not exists order_events_order on order_events (order_id, id);

-- The one thing stored that is not an order: the stand-in a shopper's proof is checked against
-- when the order id is unknown (netlify/lib/orders/decoy.ts), so both take the same work.
create table if not exists decoys (
  name text primary key,
  record jsonb not null
);

-- Consecutive numbers without gap or repeat (Rule 46 (b), decision 027): one row per series and
-- financial year, moved in the same transaction that freezes the document on its order.
create table if not exists document_series (
  series text primary key,
  last integer not null check (last >= 0)
);

-- Razorpay and Meta events already handled (a replay does nothing).
create table if not exists webhook_events (
  event_id text primary key,
  at timestamptz not null
);

-- Each phone's orders and what became of them, for the COD rules (phone-history.ts).
create table if not exists phone_orders (
  id bigint generated always as identity primary key,
  phone text not null,
  order_id text not null,
  at timestamptz not null,
  total numeric not null,
  mode text not null,
  outcome text,
  unique (phone, order_id)
);
create index if not exists phone_orders_phone on phone_orders (phone, id);

create table if not exists whatsapp_opt_outs (
  phone text primary key,
  opted_out boolean not null,
  at timestamptz not null
);

create table if not exists whatsapp_messages (
  message_id text primary key,
  order_id text not null,
  notice_key text not null
);

-- Review and contact submissions, once per browser-made id (netlify/lib/submissions), under
-- `<kind>-<id>`; and the day's pickup request to Delhivery (netlify/lib/pickups), under
-- `pickup-<date>`. Each row moves by compare-and-swap on its version (platform/versioned-rows.ts).
create table if not exists submissions (
  key text primary key,
  record jsonb not null,
  version integer not null default 1
);

create table if not exists pickups (
  key text primary key,
  record jsonb not null,
  version integer not null default 1
);

-- The site's own small state: the content rebuild's publishes waiting for one build
-- (netlify/lib/content/rebuild.ts), under `content-rebuild`.
create table if not exists site_state (
  key text primary key,
  record jsonb not null,
  version integer not null default 1
);

-- What an order's life earns and the shop must do once (issue 47, decision 031): book the shipment,
-- issue the invoice, write the Sheet, send an email or a WhatsApp message, and the rest. One row
-- per task under a key that names its order and step, so a task is earned once however often it is
-- asked. Claimed with `for update skip locked` (netlify/lib/tasks/runner.ts), so any number of
-- runners never do one twice:
--   pending ─claim─▶ running ─▶ done | retry (at run_at) | given-up | skipped
--   waiting: not ready (a shipment before its payment): looked at again when its order changes.
create table if not exists tasks (
  id bigint generated always as identity primary key,
  key text not null unique,
  order_id text references orders (order_id) on delete cascade,
  kind text not null,
  state text not null check (state in ('pending', 'waiting', 'running', 'done', 'retry', 'given-up', 'skipped')),
  attempts integer not null default 0,
  -- Due from then (pending, retry).
  run_at timestamptz not null,
  -- The claim that runs it (a random id) and since when: a claim older than the stale-claim time
  -- belongs to a runner that was stopped, and another may take the task over.
  claim text,
  claimed_at timestamptz,
  -- When it was last asked for: asked again while running, it runs again after (the Sheet's rows).
  armed_at timestamptz not null,
  first_attempt_at timestamptz,
  last_error text,
  -- What it is for (a notice's channel and event) and what came of it (a waybill, a message id).
  payload jsonb not null default '{}'::jsonb,
  result jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists tasks_due on tasks (run_at) where state in ('pending', 'retry');
create index if not exists tasks_running on tasks (claimed_at) where state = 'running';
create index if not exists tasks_order on tasks (order_id, id);
