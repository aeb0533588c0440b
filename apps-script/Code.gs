/**
 * Orang Utan Organics — the web app behind the staff's Google Sheet.
 *
 * The shop's functions POST JSON here (netlify/lib/sheets/apps-script.ts):
 *   { secret, type, tab, headers: [...], rows: [[...], ...], orderId? | id?, action?: 'upsert', update?: [...] }
 * `type` picks the tab: 'order' → Orders, 'review' → Reviews, 'contact' → Contact Submissions,
 * 'pickup' → Pickups (one row per day, keyed by its Date, sent with action 'upsert'),
 * 'rto' → RTO (the return-to-origin report: one row per figure group of a period, each row keyed by
 * its own Key cell, `<from>..<to>|<group>|<value>`; sent with action 'upsert', so a second run
 * for the period rewrites its rows), 'gst' → GST (the GST report of a month for the accountant: one
 * row per row of its tables, keyed by its own Key cell, `<month>|<table>|<row>`, sent with action
 * 'upsert' like RTO), 'whatsapp' → WhatsApp (a shopper's message for staff to answer,
 * keyed by Meta's message id, `messageId`: a replayed webhook adds no second row).
 * A missing tab is created with the header row sent in the body. Order rows are written once per
 * order id: a repeated order answers { ok: true, duplicate: true } and adds nothing. Review and
 * contact rows carry a generated id and are skipped the same way if sent twice.
 *
 * Orders are sent with action 'upsert': a repeated order id rewrites only the listed columns (Payment
 * Status, Payment ID, Waybill, Status, Label, Refunded, Refund IDs, WhatsApp, WhatsApp Cost, Invoice,
 * Invoice Link) of that order's rows and answers { ok, duplicate: true, updated }. A column the tab lacks (one the shop
 * added later) is added at its right edge, after any column staff added.
 *
 * The shop's confirmation emails come with action 'email' (netlify/lib/mail/client.ts):
 *   { secret, action: 'email', orderId, emailId?, to, subject, html, name, replyTo }
 * sent with MailApp from the account that deployed the script, at most once per email id (the
 * order id for the confirmation, `<orderId>-<event>` for a parcel's news): the id is remembered in
 * the Script Properties (`email-sent-<emailId>`, kept 30 days), so a resend after
 * a lost answer answers { ok: true, duplicate: true } and mails nothing. Needs the mail permission
 * (apps-script/README.md).
 *
 * Batches (issue 48) come with action 'batch': many records of one tab in one call,
 *   { secret, action: 'batch', type: 'order', tab: 'Orders 2026-27', headers, update: [...],
 *     records: [{ key: <orderId>, rows: [[...], ...] }, ...] }
 * applied under the script lock with one read of the tab and few writes (`applyBatch`), answered
 * { ok: true, written: [<keys>] }. The tab is the caller's (one Orders tab per financial year),
 * created with its headers when missing; it must be the type's tab or start with its name.
 *
 * Answers JSON: { ok: true, duplicate: false } or { ok: false, error: '...' }. A refusal Google
 * makes that heals by waiting (a quota, too many simultaneous executions, the time limit, the
 * lock not had in time) adds busy: true, so the shop waits and retries rather than flag an order.
 * Install: see apps-script/README.md. The secret lives in the Script Property SHARED_SECRET.
 *
 * Staff actions (docs/staff-guide.md, apps-script/README.md): `onOrdersEdit`, installed as an
 * edit trigger by `setUpStaffActions`, sends what staff pick in the Orders tab's Action column
 * (`Cancel`, `Refund ₹<amount>`, `Refund extra payment`, `Book again`, `COD received`, `Confirm COD`) to the shop's
 * POST /api/staff/action, signed with the Script Property STAFF_ACTION_SECRET (hex HMAC-SHA256 of
 * the body in `X-Shop-Signature`), with a fresh id and the time; it writes the shop's answer into
 * that row's Status and clears the Action cell.
 *
 * Privacy: the site reads published reviews from a Google feed that only works on a spreadsheet
 * anyone with the link can view. So reviews go to a separate spreadsheet (Script Property
 * REVIEWS_SPREADSHEET_ID) holding nothing but reviews, without the reviewer's email; the email
 * is kept in this (private) spreadsheet's 'Review Emails' tab. This spreadsheet, with the orders,
 * is never shared.
 */

var TABS = {
  order: { tab: 'Orders', keyHeader: 'Order ID', keyField: 'orderId' },
  review: { tab: 'Reviews', keyHeader: 'id', keyField: 'id' },
  contact: { tab: 'Contact Submissions', keyHeader: 'id', keyField: 'id' },
  pickup: { tab: 'Pickups', keyHeader: 'Date', keyField: 'date' },
  rto: { tab: 'RTO', keyHeader: 'Key', keyField: 'period', keyPerRow: true },
  gst: { tab: 'GST', keyHeader: 'Key', keyField: 'month', keyPerRow: true },
  whatsapp: { tab: 'WhatsApp', keyHeader: 'Message ID', keyField: 'messageId' },
};

function doPost(e) {
  try {
    var body = JSON.parse((e && e.postData && e.postData.contents) || '');
    var expected = PropertiesService.getScriptProperties().getProperty('SHARED_SECRET');
    if (!expected) return reply({ ok: false, error: 'SHARED_SECRET is not set in the Script Properties' });
    if (!sameSecret(String(body.secret || ''), expected)) return reply({ ok: false, error: 'bad secret' });

    if (body.action === 'batch') {
      return reply(
        oneAtATime(function () {
          return applyBatch(body);
        }),
      );
    }

    if (body.action === 'email') {
      return reply(
        oneAtATime(function () {
          return sendOrderEmail(body);
        }),
      );
    }

    var route = TABS[body.type];
    if (!route) return reply({ ok: false, error: 'unknown type: ' + body.type });
    var headers = body.headers;
    var rows = body.rows;
    if (!isTable(headers, rows)) return reply({ ok: false, error: 'headers and rows must be lists of text' });

    return reply(
      oneAtATime(function () {
        var key = body[route.keyField];
        if (body.type === 'review') return appendReview(headers, rows, key);
        var upsert = body.action === 'upsert' ? body.update : undefined;
        if (route.keyPerRow) return upsertEachRow(SpreadsheetApp.getActiveSpreadsheet(), route, headers, rows, upsert);
        return appendRows(SpreadsheetApp.getActiveSpreadsheet(), route, headers, rows, key, upsert);
      }),
    );
  } catch (error) {
    return reply(refusalOf(error));
  }
}

/**
 * What Google throws when a quota or limit is reached (its quotas page: "Service invoked too many
 * times for one day: email.", "Too many simultaneous invocations: Spreadsheets", "Exceeded maximum
 * execution time"), and LockService's "Lock timeout: …": all heal by waiting. Google words them in
 * the deploying account's language; these are the English ones (apps-script/README.md).
 */
var WAIT_AND_RETRY = /too many simultaneous invocations|invoked too many times|exceeded maximum execution time|too much computer time|lock timeout|try again later/i;

function refusalOf(error) {
  var message = String((error && error.message) || error);
  return WAIT_AND_RETRY.test(message) ? { ok: false, error: message, busy: true } : { ok: false, error: message };
}

/** One request at a time, so two copies of an order (or of its email) cannot both pass the check. */
function oneAtATime(work) {
  var lock = LockService.getScriptLock();
  lock.waitLock(20000);
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}

/** How long a sent order id is remembered; the shop stops retrying an email after a day. */
var EMAIL_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sends one order's confirmation email unless this order's was sent already. The id is remembered
 * before sending and forgotten again if MailApp throws (the shop then retries), so no answer lost
 * on the way back can make a second email.
 */
function sendOrderEmail(body) {
  var orderId = String(body.orderId || '');
  // One order has several emails (the confirmation, then its parcel's news): each names itself by
  // emailId (`<orderId>` for the confirmation, `<orderId>-<event>` after), sent once each.
  var emailId = body.emailId === undefined ? orderId : String(body.emailId);
  var idPattern = /^[A-Za-z0-9_-]+$/;
  if (!idPattern.test(orderId) || !idPattern.test(emailId) || !isText(body.to) || !isText(body.subject) || !isText(body.html)) {
    return { ok: false, error: 'an email needs orderId, to, subject and html' };
  }
  var properties = PropertiesService.getScriptProperties();
  var key = 'email-sent-' + emailId;
  if (properties.getProperty(key)) return { ok: true, duplicate: true };
  if (MailApp.getRemainingDailyQuota() < 1) {
    // Heals by waiting (the quota refills within a day): the shop retries instead of giving up.
    return { ok: false, error: "today's email quota of this Google account is used up", busy: true };
  }
  properties.setProperty(key, new Date().toISOString());
  try {
    var message = { to: body.to, subject: body.subject, htmlBody: body.html };
    if (isText(body.name)) message.name = body.name;
    if (isText(body.replyTo)) message.replyTo = body.replyTo;
    MailApp.sendEmail(message);
  } catch (error) {
    properties.deleteProperty(key);
    throw error;
  }
  forgetOldEmails(properties);
  return { ok: true, duplicate: false };
}

/** Script Properties hold 500 kB in all: order ids sent more than 30 days ago are let go. */
function forgetOldEmails(properties) {
  var all = properties.getProperties();
  var now = Date.now();
  Object.keys(all).forEach(function (name) {
    if (name.indexOf('email-sent-') !== 0) return;
    var sentAt = Date.parse(all[name]);
    if (now - sentAt > EMAIL_MEMORY_MS) properties.deleteProperty(name);
  });
}

function isText(value) {
  return typeof value === 'string' && value.trim() !== '';
}

/** A GET (e.g. opening the URL in a browser) only says the script is alive. */
function doGet() {
  return reply({ ok: true, service: 'ouo-sheet' });
}

/** Reviews without emails to the public reviews spreadsheet; the emails stay in this one. */
function appendReview(headers, rows, key) {
  var active = SpreadsheetApp.getActiveSpreadsheet();
  var reviewsId = PropertiesService.getScriptProperties().getProperty('REVIEWS_SPREADSHEET_ID');
  if (!reviewsId) return appendRows(active, TABS.review, headers, rows, key);
  var emailColumn = headers.indexOf('email');
  var idColumn = headers.indexOf('id');
  var withoutEmail = function (row) {
    return row.filter(function (_cell, index) {
      return index !== emailColumn;
    });
  };
  var published = appendRows(SpreadsheetApp.openById(reviewsId), TABS.review, withoutEmail(headers), rows.map(withoutEmail), key);
  if (!published.ok || published.duplicate || emailColumn < 0) return published;
  var emails = rows.map(function (row) {
    return [row[idColumn], row[emailColumn]];
  });
  appendRows(active, { tab: 'Review Emails', keyHeader: 'id' }, ['id', 'email'], emails, key);
  return published;
}

/**
 * Appends a record's rows unless rows with its key are there. Cells go to the columns whose header
 * names them, so a column staff added, or one the shop added later (Status), never shifts data; a
 * header the tab lacks is added at its right edge. With action 'upsert', rows already there get
 * the listed columns (`update`) rewritten from the first new row: an order's status and waybill.
 */
function appendRows(spreadsheet, route, headers, rows, key, upsert) {
  var sheet = spreadsheet.getSheetByName(route.tab);
  if (!sheet) sheet = spreadsheet.insertSheet(route.tab);
  if (sheet.getLastRow() === 0) {
    var headerRange = sheet.getRange(1, 1, 1, headers.length);
    headerRange.setNumberFormat('@').setValues([headers]).setFontWeight('bold');
    sheet.setFrozenRows(1);
  }
  var current = ensureHeaders(sheet, headers);

  var keyColumn = current.indexOf(route.keyHeader) + 1;
  var matching = [];
  if (key && keyColumn > 0 && sheet.getLastRow() > 1) {
    var keys = sheet.getRange(2, keyColumn, sheet.getLastRow() - 1, 1).getDisplayValues();
    for (var i = 0; i < keys.length; i++) {
      if (String(keys[i][0]) === String(key)) matching.push(i + 2);
    }
  }
  if (matching.length > 0) {
    if (!upsert || !Array.isArray(upsert) || rows.length === 0) return { ok: true, duplicate: true };
    return { ok: true, duplicate: true, updated: updateCells(sheet, current, headers, rows[0], matching, upsert) };
  }

  if (rows.length === 0) return { ok: true, duplicate: false };
  // Cells are plain text, so '+91…', leading zeros in pincodes and dates stay as sent. Values
  // that look like formulas already arrive with a leading apostrophe from the shop.
  var width = current.length;
  var placed = rows.map(function (row) {
    var cells = [];
    for (var c = 0; c < width; c++) cells.push('');
    headers.forEach(function (header, index) {
      var column = current.indexOf(header);
      if (column >= 0) cells[column] = text(row[index]);
    });
    return cells;
  });
  var range = sheet.getRange(sheet.getLastRow() + 1, 1, placed.length, width);
  range.setNumberFormat('@');
  range.setValues(placed);
  return { ok: true, duplicate: false };
}

/**
 * A tab whose every row is a record of its own (RTO, GST): each row is rewritten where its Key is
 * (the `update` columns, cells that changed only), and the rows with a new Key are appended in
 * one go. The tab is read once: a report has a row per pincode prefix, and every read of a range
 * is a round trip. Answers duplicate when no row was new, updated when a cell changed.
 */
function upsertEachRow(spreadsheet, route, headers, rows, update) {
  var keyIndex = headers.indexOf(route.keyHeader);
  if (keyIndex < 0) return { ok: false, error: 'the rows need a ' + route.keyHeader + ' column' };
  var sheet = spreadsheet.getSheetByName(route.tab);
  var current = sheet && sheet.getLastRow() > 0 ? ensureHeaders(sheet, headers) : [];
  var keyColumn = current.indexOf(route.keyHeader);
  var table =
    keyColumn >= 0 && sheet.getLastRow() > 1
      ? sheet.getRange(2, 1, sheet.getLastRow() - 1, current.length).getDisplayValues()
      : [];
  var where = {};
  table.forEach(function (cells, index) {
    var key = String(cells[keyColumn]);
    if (!Object.prototype.hasOwnProperty.call(where, key)) where[key] = [];
    where[key].push(index);
  });
  var fresh = [];
  var updated = false;
  rows.forEach(function (row) {
    var key = text(row[keyIndex]);
    if (!Object.prototype.hasOwnProperty.call(where, key)) {
      fresh.push(row);
      return;
    }
    if (!Array.isArray(update)) return;
    update.forEach(function (name) {
      var from = headers.indexOf(name);
      var column = current.indexOf(name);
      if (from < 0 || column < 0) return;
      var value = text(row[from]);
      where[key].forEach(function (index) {
        if (String(table[index][column]) === value) return;
        sheet.getRange(index + 2, column + 1, 1, 1).setNumberFormat('@').setValues([[value]]);
        updated = true;
      });
    });
  });
  if (fresh.length > 0) appendRows(spreadsheet, route, headers, fresh);
  return { ok: true, duplicate: fresh.length === 0, updated: updated };
}

/** The tab's header row, with any header it lacks added at the right edge. */
function ensureHeaders(sheet, headers) {
  var current = sheet.getRange(1, 1, 1, Math.max(sheet.getLastColumn(), 1)).getValues()[0].map(String);
  var missing = headers.filter(function (header) {
    return current.indexOf(header) < 0;
  });
  if (missing.length > 0) {
    var start = current.filter(function (cell) {
      return cell !== '';
    }).length;
    sheet.getRange(1, start + 1, 1, missing.length).setNumberFormat('@').setValues([missing]).setFontWeight('bold');
    current = current.slice(0, start).concat(missing);
  }
  return current;
}

/** Rewrites the `update` columns of the matching rows; true when a cell changed. */
function updateCells(sheet, current, headers, values, matching, update) {
  var changed = false;
  update.forEach(function (name) {
    var from = headers.indexOf(name);
    var column = current.indexOf(name) + 1;
    if (from < 0 || column < 1) return;
    var value = text(values[from]);
    matching.forEach(function (rowNumber) {
      var cell = sheet.getRange(rowNumber, column, 1, 1);
      if (String(cell.getDisplayValues()[0][0]) === value) return;
      cell.setNumberFormat('@');
      cell.setValues([[value]]);
      changed = true;
    });
  });
  return changed;
}

function text(cell) {
  return cell === null || cell === undefined ? '' : String(cell);
}

function isTable(headers, rows) {
  if (!Array.isArray(headers) || headers.length === 0 || !Array.isArray(rows)) return false;
  return rows.every(function (row) {
    return Array.isArray(row);
  });
}

/** Compares every character, so the time taken does not tell how much of a guess was right. */
function sameSecret(given, expected) {
  var difference = given.length ^ expected.length;
  for (var i = 0; i < expected.length; i++) {
    difference |= (given.charCodeAt(i % Math.max(given.length, 1)) || 0) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}

function reply(value) {
  return ContentService.createTextOutput(JSON.stringify(value)).setMimeType(ContentService.MimeType.JSON);
}

// ---- Batches: every changed record of a tab in one call (issue 48) ----------------------------

/** Staff's input: never written by a batch, whatever its `update` names. */
var STAFF_COLUMNS = ['Action'];

/**
 * Rows to rewrite further apart than this go in separate ranges: a range rewrites the rows between
 * too (with the values just read), and a refund on an old order must not rewrite a month of rows.
 */
var REWRITE_GAP_ROWS = 50;

/**
 * Applies a batch (the caller holds the script lock): one read of the tab; each record already
 * there gets the `update` columns of all its rows rewritten with this batch's values (newest state
 * wins; its rows are neither added to nor removed, as with a single upsert, so the rows staff
 * sorted or wrote beside stay as they are), the others are appended together. Only cells that
 * changed make a range be written, so a batch sent twice writes nothing the second time.
 */
function applyBatch(body) {
  var route = TABS[body.type];
  var problem = batchProblem(route, body);
  if (problem) return { ok: false, error: problem };
  var records = lastOfEachKey(body.records);
  var spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  var existing = spreadsheet.getSheetByName(body.tab);
  var table = existing ? readTable(existing, body.headers) : newTab(spreadsheet, body.tab, body.headers);
  var keyColumn = table.header.indexOf(route.keyHeader);
  var where = rowsByKey(table.rows, keyColumn);
  var fields = updatableFields(table.header, body.headers, body.update, route.keyHeader);
  var changed = {};
  var appended = [];
  records.forEach(function (record) {
    var found = where[record.key];
    if (!found) {
      record.rows.forEach(function (row) {
        appended.push(placeRow(table.header, body.headers, row));
      });
      return;
    }
    found.forEach(function (index, position) {
      var source = record.rows[Math.min(position, record.rows.length - 1)];
      var columns = rewriteRow(table.rows[index], source, fields);
      if (columns.length > 0) changed[index] = columns;
    });
  });
  writeChanged(table.sheet, table.rows, changed, fields);
  appendPlaced(table.sheet, table.rows.length + 1, appended);
  return {
    ok: true,
    written: records.map(function (record) {
      return record.key;
    }),
  };
}

/** Why a batch cannot be applied, before anything is written; undefined when it can. */
function batchProblem(route, body) {
  if (!route || route.keyPerRow || body.type === 'review') return 'a batch cannot write type ' + body.type;
  var tab = body.tab;
  if (typeof tab !== 'string' || tab.length > 100 || (tab !== route.tab && tab.indexOf(route.tab + ' ') !== 0)) {
    return 'a batch of type ' + body.type + ' goes to the ' + route.tab + ' tab or one named "' + route.tab + ' …"';
  }
  if (!isTable(body.headers, []) || body.headers.indexOf(route.keyHeader) < 0) {
    return 'a batch needs its headers, with ' + route.keyHeader;
  }
  if (body.update !== undefined && !Array.isArray(body.update)) return 'update must be a list of headers';
  if (!Array.isArray(body.records)) return 'a batch needs its records';
  var keyIndex = body.headers.indexOf(route.keyHeader);
  var bad = body.records.filter(function (record) {
    if (!record || !isText(record.key) || !Array.isArray(record.rows) || record.rows.length === 0) return true;
    if (!isTable(body.headers, record.rows)) return true;
    return record.rows.some(function (row) {
      return text(row[keyIndex]) !== record.key;
    });
  });
  if (bad.length > 0) return 'each record needs its key and rows carrying that key';
  return undefined;
}

/** A key sent twice in one batch (a retry merged in) is written once, with its last rows. */
function lastOfEachKey(records) {
  var last = {};
  records.forEach(function (record, index) {
    last[record.key] = index;
  });
  return records.filter(function (record, index) {
    return last[record.key] === index;
  });
}

/**
 * The tab in one read: its header row (with any header the batch has that it lacks added at the
 * right edge, after the last named column) and its rows as text, each as wide as the header.
 */
function readTable(sheet, headers) {
  var lastRow = sheet.getLastRow();
  var width = Math.max(sheet.getLastColumn(), 1);
  var values = lastRow > 0 ? sheet.getRange(1, 1, lastRow, width).getDisplayValues() : [[]];
  var named = values[0].map(String);
  while (named.length > 0 && named[named.length - 1] === '') named.pop();
  var missing = headers.filter(function (header) {
    return named.indexOf(header) < 0;
  });
  if (missing.length > 0) {
    sheet.getRange(1, named.length + 1, 1, missing.length).setNumberFormat('@').setValues([missing]).setFontWeight('bold');
  }
  var header = named.concat(missing);
  var rows = values.slice(1).map(function (cells) {
    var row = cells.map(String);
    while (row.length < header.length) row.push('');
    return row;
  });
  return { sheet: sheet, header: header, rows: rows };
}

/**
 * A new tab (the next financial year's Orders): its header row, frozen and bold, and on an Orders
 * tab the Action column's dropdown, so staff actions work there as in the first one.
 */
function newTab(spreadsheet, name, headers) {
  var sheet = spreadsheet.insertSheet(name);
  sheet.getRange(1, 1, 1, headers.length).setNumberFormat('@').setValues([headers]).setFontWeight('bold');
  sheet.setFrozenRows(1);
  var action = headers.indexOf('Action');
  if (isOrdersTab(name) && action >= 0) {
    sheet.getRange(2, action + 1, Math.max(sheet.getMaxRows() - 1, 1), 1).setDataValidation(actionRule());
  }
  return { sheet: sheet, header: headers.slice(), rows: [] };
}

/** Row indices (0 = the first row under the header) by the key in their key column. */
function rowsByKey(rows, keyColumn) {
  var where = {};
  rows.forEach(function (cells, index) {
    var key = cells[keyColumn];
    if (key === '') return;
    if (!Object.prototype.hasOwnProperty.call(where, key)) where[key] = [];
    where[key].push(index);
  });
  return where;
}

/** The `update` columns a batch may rewrite: where each is sent (`from`) and stands (`column`). */
function updatableFields(header, headers, update, keyHeader) {
  return (update || [])
    .filter(function (name) {
      return name !== keyHeader && STAFF_COLUMNS.indexOf(name) < 0;
    })
    .map(function (name) {
      return { from: headers.indexOf(name), column: header.indexOf(name) };
    })
    .filter(function (field) {
      return field.from >= 0 && field.column >= 0;
    })
    .sort(function (a, b) {
      return a.column - b.column;
    });
}

/** Sets a row's updatable cells from a sent row; answers the columns that changed. */
function rewriteRow(cells, source, fields) {
  var changed = [];
  fields.forEach(function (field) {
    var value = text(source[field.from]);
    if (cells[field.column] === value) return;
    cells[field.column] = value;
    changed.push(field.column);
  });
  return changed;
}

/**
 * The changed cells, written back: one range per run of neighbouring changed rows and per block
 * of adjacent updatable columns with a change in it (Payment Status, and Payment ID … Invoice Link,
 * in a tab the shop made). A range's other cells get the values just read, under the lock.
 */
function writeChanged(sheet, rows, changed, fields) {
  var indices = Object.keys(changed).map(Number);
  var blocks = runsOf(
    fields.map(function (field) {
      return field.column;
    }),
    1,
  );
  runsOf(indices, REWRITE_GAP_ROWS + 1).forEach(function (run) {
    blocks.forEach(function (block) {
      if (!changedWithin(changed, run, block)) return;
      var values = rows.slice(run.first, run.last + 1).map(function (cells) {
        return cells.slice(block.first, block.last + 1);
      });
      var range = sheet.getRange(run.first + 2, block.first + 1, values.length, block.last - block.first + 1);
      range.setNumberFormat('@');
      range.setValues(values);
    });
  });
}

/** Whether a cell of these rows and columns changed (`changed`: row index → its changed columns). */
function changedWithin(changed, run, block) {
  return Object.keys(changed).some(function (key) {
    var index = Number(key);
    if (index < run.first || index > run.last) return false;
    return changed[key].some(function (column) {
      return column >= block.first && column <= block.last;
    });
  });
}

/** Sorted numbers in runs whose neighbours are at most `gap` apart: [{ first, last }]. */
function runsOf(numbers, gap) {
  var sorted = numbers.slice().sort(function (a, b) {
    return a - b;
  });
  var runs = [];
  sorted.forEach(function (number) {
    var run = runs[runs.length - 1];
    if (run && number - run.last <= gap) run.last = number;
    else runs.push({ first: number, last: number });
  });
  return runs;
}

/** A sent row placed under the tab's header: each cell under its own header, the rest empty. */
function placeRow(header, headers, row) {
  return header.map(function (name) {
    var from = headers.indexOf(name);
    return from >= 0 && STAFF_COLUMNS.indexOf(name) < 0 ? text(row[from]) : '';
  });
}

/** The new records' rows in one range under the last row, as plain text. */
function appendPlaced(sheet, lastRow, placed) {
  if (placed.length === 0) return;
  var range = sheet.getRange(lastRow + 1, 1, placed.length, placed[0].length);
  range.setNumberFormat('@');
  range.setValues(placed);
}

// ---- Staff actions from the Orders tab --------------------------------------------------------

/** The Action column's choices, and what the shop calls each (`Refund ₹<amount>` is read apart). */
var STAFF_ACTIONS = {
  Cancel: 'cancel',
  'Refund extra payment': 'refund-extra',
  'Book again': 'book-again',
  'COD received': 'cod-received',
  'Confirm COD': 'confirm-cod',
};
var ACTION_CHOICES = ['Cancel', 'Refund ₹', 'Refund extra payment', 'Book again', 'COD received', 'Confirm COD'];
var REFUND_PATTERN = /^Refund\s*₹?\s*([0-9][0-9,]*)\s*$/;

/** What staff picked, as the shop's action; undefined for anything else. */
function staffActionOf(value) {
  var picked = text(value).trim();
  if (Object.prototype.hasOwnProperty.call(STAFF_ACTIONS, picked)) return { action: STAFF_ACTIONS[picked] };
  var refund = REFUND_PATTERN.exec(picked);
  if (refund) return { action: 'refund', amount: Number(refund[1].replace(/,/g, '')) };
  return undefined;
}

/**
 * The installable edit trigger (setUpStaffActions installs it): a value picked in the Orders tab's
 * Action column is sent to the shop; the answer goes into the row's Status, and the Action cell is
 * cleared. Any other edit (another column or tab, several cells at once, a cleared cell) does nothing.
 */
function onOrdersEdit(e) {
  if (!e || !e.range) return;
  var sheet = e.range.getSheet();
  if (!isOrdersTab(sheet.getName())) return;
  if (e.range.getNumRows() !== 1 || e.range.getNumColumns() !== 1 || e.range.getRow() < 2) return;
  var headers = sheet.getRange(1, 1, 1, Math.max(sheet.getLastColumn(), 1)).getValues()[0].map(String);
  var actionColumn = headers.indexOf('Action') + 1;
  if (actionColumn < 1 || e.range.getColumn() !== actionColumn) return;
  var value = e.value !== undefined ? e.value : e.range.getValue();
  if (text(value).trim() === '') return;
  var row = e.range.getRow();
  var orderId = text(sheet.getRange(row, headers.indexOf(TABS.order.keyHeader) + 1).getValue());
  var answer = sendStaffAction(orderId, value);
  var statusColumn = headers.indexOf('Status') + 1;
  // Under the lock: a batch rewriting this row's Status reads and writes it under the lock too.
  oneAtATime(function () {
    if (statusColumn > 0) sheet.getRange(row, statusColumn).setNumberFormat('@').setValues([[answer]]);
    sheet.getRange(row, actionColumn).setValues([['']]);
  });
}

/** The Orders tab and each financial year's (`Orders 2026-27`): staff act from any of them. */
function isOrdersTab(name) {
  return name === TABS.order.tab || String(name).indexOf(TABS.order.tab + ' ') === 0;
}

/** The Action column's dropdown; a typed `Refund ₹250` is allowed too. */
function actionRule() {
  return SpreadsheetApp.newDataValidation().requireValueInList(ACTION_CHOICES, true).setAllowInvalid(true).build();
}

/** Posts one action to the shop, signed; answers the words for Status (the shop's, or why not sent). */
function sendStaffAction(orderId, value) {
  var chosen = staffActionOf(value);
  if (!chosen) return 'Not sent: pick an action from the list (for a refund, write the amount: Refund ₹250).';
  if (!/^OUO_[0-9]{13}$/.test(orderId)) return 'Not sent: this row has no order id.';
  var properties = PropertiesService.getScriptProperties();
  var shopUrl = properties.getProperty('SHOP_URL');
  var secret = properties.getProperty('STAFF_ACTION_SECRET');
  if (!shopUrl || !secret) return 'Not sent: set SHOP_URL and STAFF_ACTION_SECRET in the Script Properties.';
  var body = { id: Utilities.getUuid(), orderId: orderId, action: chosen.action, at: new Date().toISOString() };
  if (chosen.amount !== undefined) body.amount = chosen.amount;
  var payload = JSON.stringify(body);
  var response;
  try {
    response = UrlFetchApp.fetch(String(shopUrl).replace(/\/+$/, '') + '/api/staff/action', {
      method: 'post',
      contentType: 'application/json',
      payload: payload,
      headers: { 'X-Shop-Signature': 'sha256=' + hmacHex(secret, payload) },
      muteHttpExceptions: true,
    });
  } catch (error) {
    return 'Not done: the shop could not be reached (' + String((error && error.message) || error) + '). Pick the action again.';
  }
  try {
    var answer = JSON.parse(response.getContentText());
    if (answer && answer.ok && typeof answer.result === 'string') return answer.result;
    if (answer && answer.error && typeof answer.error.message === 'string') return answer.error.message;
  } catch (ignored) {
    // not JSON: said below
  }
  return 'Not done: the shop answered HTTP ' + response.getResponseCode() + '. Pick the action again.';
}

/** Hex HMAC-SHA256 of `value` with `key` (Apps Script gives signed bytes). */
function hmacHex(key, value) {
  var bytes = Utilities.computeHmacSha256Signature(value, key, Utilities.Charset.UTF_8);
  return bytes
    .map(function (byte) {
      var hex = (byte < 0 ? byte + 256 : byte).toString(16);
      return hex.length === 1 ? '0' + hex : hex;
    })
    .join('');
}

/**
 * Run once by staff (Run → setUpStaffActions): the Orders tab gets its Action column (if the shop
 * has not written it yet) with the dropdown of choices (a typed `Refund ₹250` is allowed too), and
 * `onOrdersEdit` is installed as this spreadsheet's edit trigger (once: a second run adds none).
 */
function setUpStaffActions() {
  var spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  var sheet = spreadsheet.getSheetByName(TABS.order.tab) || spreadsheet.insertSheet(TABS.order.tab);
  var headers = ensureHeaders(sheet, ['Action']);
  var column = headers.indexOf('Action') + 1;
  sheet.getRange(2, column, Math.max(sheet.getMaxRows() - 1, 1), 1).setDataValidation(actionRule());
  var installed = ScriptApp.getProjectTriggers().some(function (trigger) {
    return trigger.getHandlerFunction() === 'onOrdersEdit';
  });
  if (!installed) ScriptApp.newTrigger('onOrdersEdit').forSpreadsheet(spreadsheet).onEdit().create();
}
