/**
 * Orang Utan Organics — the web app behind the staff's Google Sheet.
 *
 * The shop's functions POST JSON here (netlify/lib/sheets.ts):
 *   { secret, type, tab, headers: [...], rows: [[...], ...], orderId? | id? }
 * `type` picks the tab: 'order' → Orders, 'review' → Reviews, 'contact' → Contact Submissions.
 * A missing tab is created with the header row sent in the body. Order rows are written once per
 * order id: a repeated order answers { ok: true, duplicate: true } and adds nothing. Review and
 * contact rows carry a generated id and are skipped the same way if sent twice.
 *
 * Answers JSON: { ok: true, duplicate: false } or { ok: false, error: '...' }.
 * Install: see apps-script/README.md. The secret lives in the Script Property SHARED_SECRET.
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
};

function doPost(e) {
  try {
    var body = JSON.parse((e && e.postData && e.postData.contents) || '');
    var expected = PropertiesService.getScriptProperties().getProperty('SHARED_SECRET');
    if (!expected) return reply({ ok: false, error: 'SHARED_SECRET is not set in the Script Properties' });
    if (!sameSecret(String(body.secret || ''), expected)) return reply({ ok: false, error: 'bad secret' });

    var route = TABS[body.type];
    if (!route) return reply({ ok: false, error: 'unknown type: ' + body.type });
    var headers = body.headers;
    var rows = body.rows;
    if (!isTable(headers, rows)) return reply({ ok: false, error: 'headers and rows must be lists of text' });

    var lock = LockService.getScriptLock();
    lock.waitLock(20000); // one writer at a time, so two copies of an order cannot both pass the check
    try {
      var key = body[route.keyField];
      if (body.type === 'review') return reply(appendReview(headers, rows, key));
      return reply(appendRows(SpreadsheetApp.getActiveSpreadsheet(), route, headers, rows, key));
    } finally {
      lock.releaseLock();
    }
  } catch (error) {
    return reply({ ok: false, error: String((error && error.message) || error) });
  }
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

function appendRows(spreadsheet, route, headers, rows, key) {
  var sheet = spreadsheet.getSheetByName(route.tab);
  if (!sheet) sheet = spreadsheet.insertSheet(route.tab);
  if (sheet.getLastRow() === 0) {
    var headerRange = sheet.getRange(1, 1, 1, headers.length);
    headerRange.setNumberFormat('@').setValues([headers]).setFontWeight('bold');
    sheet.setFrozenRows(1);
  }

  var current = sheet.getRange(1, 1, 1, Math.max(sheet.getLastColumn(), 1)).getValues()[0];
  var keyColumn = current.indexOf(route.keyHeader) + 1;
  if (key && keyColumn > 0 && sheet.getLastRow() > 1) {
    var keys = sheet.getRange(2, keyColumn, sheet.getLastRow() - 1, 1).getDisplayValues();
    for (var i = 0; i < keys.length; i++) {
      if (String(keys[i][0]) === String(key)) return { ok: true, duplicate: true };
    }
  }

  if (rows.length === 0) return { ok: true, duplicate: false };
  // Cells are plain text, so '+91…', leading zeros in pincodes and dates stay as sent. Values
  // that look like formulas already arrive with a leading apostrophe from the shop.
  var width = headers.length;
  var padded = rows.map(function (row) {
    var cells = row.slice(0, width).map(function (cell) {
      return cell === null || cell === undefined ? '' : String(cell);
    });
    while (cells.length < width) cells.push('');
    return cells;
  });
  var range = sheet.getRange(sheet.getLastRow() + 1, 1, padded.length, width);
  range.setNumberFormat('@');
  range.setValues(padded);
  return { ok: true, duplicate: false };
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
