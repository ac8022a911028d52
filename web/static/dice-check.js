// Rechecks a week's dice in the browser (R25, API v1.3 "Dice anyone can check"): the
// revealed seed against the commitment published when the week opened, every server
// die against the seed, the chain and the player's nonce, every link of the chain, and
// the receipts the rolls' answers handed out — those this browser kept
// (localStorage, by /static/receipts.js) and those pasted into the page.
//
// It carries its own SHA-256 and HMAC-SHA256: WebCrypto's `crypto.subtle` exists only
// on HTTPS pages (and localhost), and a club's office often runs on plain HTTP in its
// own network. Speed does not matter here: a week holds a few hundred rolls.
//
// The functions are on `window.EaglesDice`, so they can be checked against the worked
// example of API v1.3 in any browser (tests/browser/dice_check.rs does).
(function () {
  'use strict';

  // ---- SHA-256 (FIPS 180-4) ----------------------------------------------------
  var K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  ];

  function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }

  // The SHA-256 of a byte array, as 32 bytes.
  function sha256(bytes) {
    var bits = bytes.length * 8;
    // The message, a 1 bit, zeros, and its length in bits (64-bit big-endian) fill
    // whole 64-byte blocks.
    var padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[bytes.length] = 0x80;
    var end = padded.length;
    padded[end - 4] = (bits >>> 24) & 0xff;
    padded[end - 3] = (bits >>> 16) & 0xff;
    padded[end - 2] = (bits >>> 8) & 0xff;
    padded[end - 1] = bits & 0xff;
    padded[end - 5] = Math.floor(bytes.length / 0x20000000) & 0xff;
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var w = new Array(64);
    for (var at = 0; at < end; at += 64) {
      for (var i = 0; i < 16; i++) {
        var j = at + i * 4;
        w[i] = ((padded[j] << 24) | (padded[j + 1] << 16) | (padded[j + 2] << 8) | padded[j + 3]) >>> 0;
      }
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0;
        d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] = (h[0] + a) >>> 0; h[1] = (h[1] + b) >>> 0; h[2] = (h[2] + c) >>> 0; h[3] = (h[3] + d) >>> 0;
      h[4] = (h[4] + e) >>> 0; h[5] = (h[5] + f) >>> 0; h[6] = (h[6] + g) >>> 0; h[7] = (h[7] + k) >>> 0;
    }
    var out = new Uint8Array(32);
    for (i = 0; i < 8; i++) {
      out[i * 4] = h[i] >>> 24; out[i * 4 + 1] = (h[i] >>> 16) & 0xff;
      out[i * 4 + 2] = (h[i] >>> 8) & 0xff; out[i * 4 + 3] = h[i] & 0xff;
    }
    return out;
  }

  // HMAC-SHA256 (RFC 2104) of a message under a key, both byte arrays.
  function hmacSha256(key, message) {
    if (key.length > 64) { key = sha256(key); }
    var inner = new Uint8Array(64 + message.length);
    var outer = new Uint8Array(64 + 32);
    for (var i = 0; i < 64; i++) {
      var byte = i < key.length ? key[i] : 0;
      inner[i] = byte ^ 0x36;
      outer[i] = byte ^ 0x5c;
    }
    inner.set(message, 64);
    outer.set(sha256(inner), 64);
    return sha256(outer);
  }

  // ---- Text and hex --------------------------------------------------------------
  function utf8(text) { return new TextEncoder().encode(text); }

  function hex(bytes) {
    var out = '';
    for (var i = 0; i < bytes.length; i++) { out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16); }
    return out;
  }

  // The bytes of a hex text; null when it is not hex.
  function fromHex(text) {
    if (typeof text !== 'string' || text.length % 2 || /[^0-9a-fA-F]/.test(text)) { return null; }
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) { out[i] = parseInt(text.substr(i * 2, 2), 16); }
    return out;
  }

  // ---- The derivation of API v1.3 ------------------------------------------------
  // The commitment published when the week opens: the hex SHA-256 of the seed's bytes.
  function commitment(seedHex) { return hex(sha256(fromHex(seedHex))); }

  // The server dice of roll `seq` after the link `prev`, one per entry of `sides`: the
  // bytes of HMAC(seed, msg), HMAC(seed, msg + "|1"), …, a byte `b` read as a die of
  // `s` sides when `b < 256 − 256 mod s` (so no face is likelier), as `b mod s + 1`.
  function serverDice(seedHex, seq, prev, nonce, sides) {
    var seed = fromHex(seedHex);
    var msg = 'eagles-dice-v1|' + seq + '|' + prev + '|' + (nonce || '');
    var block = new Uint8Array(0), used = 0, blocks = 0, dice = [];
    sides.forEach(function (s) {
      var limit = 256 - (256 % s);
      for (;;) {
        if (used === block.length) {
          block = hmacSha256(seed, utf8(blocks === 0 ? msg : msg + '|' + blocks));
          used = 0;
          blocks += 1;
        }
        var b = block[used++];
        if (b < limit) { dice.push((b % s) + 1); return; }
      }
    });
    return dice;
  }

  // A roll's link after `prev`: the hex SHA-256 of
  // `{prev}|{seq}|{table}|{server|entered}|{dice joined by ","}|{nonce}`.
  function link(prev, seq, table, entered, dice, nonce) {
    var text = prev + '|' + seq + '|' + table + '|' + (entered ? 'entered' : 'server') +
      '|' + dice.join(',') + '|' + (nonce || '');
    return hex(sha256(utf8(text)));
  }

  // ---- Receipts ------------------------------------------------------------------
  // Receipts as people paste them: a line `seq chain` ("12 2e98adba…", "roll 12:
  // 2e98adba"), a chain alone (the chain head of a debrief's webhook or feed entry), or
  // a JSON list of {seq, chain} (what scripts/check-dice reads). A chain may be cut
  // short as the pages show it, to no fewer than 8 hex digits.
  function parseReceipts(text) {
    var found = { receipts: [], heads: [], unread: [] };
    var trimmed = (text || '').trim();
    if (trimmed.charAt(0) === '[') {
      try {
        JSON.parse(trimmed).forEach(function (r) {
          found.receipts.push({ seq: Number(r.seq), chain: String(r.chain).toLowerCase() });
        });
        return found;
      } catch (e) { /* read it line by line below */ }
    }
    trimmed.split(/\r?\n/).forEach(function (line) {
      if (!line.trim()) { return; }
      var chain = /\b([0-9a-fA-F]{8,64})\b(?!.*\b[0-9a-fA-F]{8,64}\b)/.exec(line);
      var seq = /^\D*?(\d{1,9})\b/.exec(chain ? line.slice(0, chain.index) : '');
      if (!chain) {
        found.unread.push(line.trim());
      } else if (seq) {
        found.receipts.push({ seq: Number(seq[1]), chain: chain[1].toLowerCase() });
      } else {
        found.heads.push(chain[1].toLowerCase());
      }
    });
    return found;
  }

  // Whether a receipt's chain (perhaps cut short) is this link.
  function agrees(receipt, chain) {
    return typeof chain === 'string' && receipt.length >= 8 && chain.indexOf(receipt) === 0;
  }

  // ---- The week's check ------------------------------------------------------------
  // Checks a week's dice document (GET …/weeks/{n}/dice) against receipts ({seq,
  // chain}) and chain heads. Answers {closed, checked, problem}: `problem` is null when
  // every roll agrees, else the first that does not, in the order rolled: {seq, roll
  // (the document's, when there is one), why: [reasons]}; or {seq: null, why} for what
  // is no one roll's (the seed, a chain head).
  function checkWeek(week, receipts, heads) {
    var closed = week.seed !== null && week.seed !== undefined;
    var answer = { closed: closed, checked: 0, problem: null };
    if (closed && commitment(week.seed) !== week.commitment) {
      answer.problem = { seq: null, why: ['seed'] };
      return answer;
    }
    var rolls = (week.rolls || []).filter(function (r) { return r.seq !== null && r.seq !== undefined; })
      .sort(function (a, b) { return a.seq - b.seq; });
    var bySeq = {};
    (receipts || []).forEach(function (r) { (bySeq[r.seq] = bySeq[r.seq] || []).push(r.chain); });
    var prev = week.commitment, links = [];
    var last = rolls.length ? rolls[rolls.length - 1].seq : 0;
    var lastReceipt = Object.keys(bySeq).reduce(function (m, s) { return Math.max(m, Number(s)); }, 0);
    for (var seq = 1, i = 0; seq <= Math.max(last, lastReceipt); seq++) {
      var roll = rolls[i] && rolls[i].seq === seq ? rolls[i++] : null;
      var why = [];
      if (!roll) {
        why.push('missing');
      } else if (roll.dice) {
        // A roll the reader may not see yet (R20) shows only its seq and chain: its
        // link is taken as it stands, to be checked once the week is closed.
        if (closed && !roll.entered &&
            serverDice(week.seed, seq, prev, roll.nonce, roll.sides).join(',') !== roll.dice.join(',')) {
          why.push('dice');
        }
        if (link(prev, seq, roll.table, roll.entered, roll.dice, roll.nonce) !== roll.chain) {
          why.push('link');
        }
      }
      (bySeq[seq] || []).forEach(function (r) {
        if (!agrees(r, roll && roll.chain) && why.indexOf('receipt') < 0) { why.push('receipt'); }
      });
      if (why.length) {
        answer.problem = { seq: seq, roll: roll, why: why };
        return answer;
      }
      answer.checked += 1;
      prev = roll.chain;
      links.push(roll.chain);
    }
    if (rolls.length && week.chain_head !== prev) {
      answer.problem = { seq: null, why: ['head'] };
      return answer;
    }
    (heads || []).some(function (head) {
      var known = links.some(function (l) { return agrees(head, l); }) || agrees(head, week.commitment);
      if (!known) { answer.problem = { seq: null, head: head, why: ['unknown-head'] }; }
      return !known;
    });
    return answer;
  }

  // The receipts this browser kept for a campaign's week (receipts.js stores them).
  function keptReceipts(campaign, week) {
    try {
      var kept = JSON.parse(localStorage.getItem('eagles-receipts:' + campaign + ':' + week) || '{}');
      return Object.keys(kept).map(function (seq) { return { seq: Number(seq), chain: kept[seq] }; });
    } catch (e) {
      return [];
    }
  }

  window.EaglesDice = {
    sha256: sha256,
    hmacSha256: hmacSha256,
    utf8: utf8,
    hex: hex,
    fromHex: fromHex,
    commitment: commitment,
    serverDice: serverDice,
    link: link,
    parseReceipts: parseReceipts,
    checkWeek: checkWeek,
    keptReceipts: keptReceipts
  };

  // ---- The check page --------------------------------------------------------------
  var page = document.getElementById('dice-check');
  if (!page) { return; }
  var form = document.getElementById('check-form');
  var verdict = document.getElementById('verdict');
  var tableNames = JSON.parse(page.dataset.tables || '{}');

  function rollWords(problem) {
    var roll = problem.roll;
    if (!roll) { return 'Roll ' + problem.seq; }
    var said = tableNames[roll.table] || roll.table;
    return roll.dice
      ? 'Roll ' + problem.seq + ' (' + said + ', rolled ' + roll.dice.join(' ') + ')'
      : 'Roll ' + problem.seq;
  }

  function reasons(problem) {
    var said = {
      missing: 'is missing from the week: it was removed',
      dice: 'has dice that do not follow from the seed',
      link: 'does not follow from the roll before it in the chain',
      receipt: 'does not agree with the receipt handed out'
    };
    return problem.why.map(function (w) { return said[w]; }).join(', and ');
  }

  function say(week, result, kept, pasted, unread) {
    var p = result.problem;
    var words;
    var receipts = kept + pasted;
    if (!week.commitment) {
      words = 'This week\'s dice were rolled before the office sealed its weeks: there is nothing to check.';
    } else if (!p && result.checked === 0) {
      words = 'No roll yet this week.';
    } else if (!p) {
      words = 'Every roll agrees. ' + result.checked + (result.checked === 1 ? ' roll' : ' rolls') +
        ' checked, ' + (receipts === 0 ? 'with no receipt to compare them with.'
          : 'against ' + receipts + (receipts === 1 ? ' receipt.' : ' receipts.'));
    } else if (p.seq !== null) {
      words = rollWords(p) + ' ' + reasons(p) + '.';
    } else if (p.why[0] === 'seed') {
      words = 'The seed published is not the one sealed when the week opened.';
    } else if (p.why[0] === 'head') {
      words = 'The week\'s last receipt is not its last roll\'s.';
    } else {
      words = 'The receipt ' + p.head.slice(0, 12) + ' handed out is none of the week\'s: a roll before it was altered or removed.';
    }
    if (unread.length) {
      words += ' Not read, for want of a receipt in it: "' + unread.join('", "') + '".';
    }
    verdict.textContent = words;
    verdict.className = p ? 'verdict disagrees' : 'verdict agrees';
    document.getElementById('seed-note').hidden = result.closed;
  }

  function run(event) {
    if (event) { event.preventDefault(); }
    verdict.textContent = 'Checking…';
    verdict.className = 'verdict';
    var pasted = parseReceipts(document.getElementById('receipts').value);
    var kept = keptReceipts(page.dataset.campaign, page.dataset.week);
    fetch(page.dataset.api, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (r) {
        if (!r.ok) { throw new Error('the office answered ' + r.status); }
        return r.json();
      })
      .then(function (week) {
        var result = checkWeek(week, kept.concat(pasted.receipts), pasted.heads);
        say(week, result, kept.length, pasted.receipts.length + pasted.heads.length, pasted.unread);
      })
      .catch(function (e) {
        verdict.textContent = 'The week\'s dice could not be read: ' + e.message + '. Try again.';
        verdict.className = 'verdict disagrees';
      });
  }

  document.getElementById('kept-count').textContent =
    String(keptReceipts(page.dataset.campaign, page.dataset.week).length);
  form.addEventListener('submit', run);
  run();
}());
