// The phone's part in dice anyone can check (R25, API v1.3):
// - a roll form with a hidden `nonce` field gets a fresh random nonce in it as it is
//   sent, so nobody holding the office's database knows the player's
//   die before he asks (only players' pages carry the hook: a referee's roll takes no
//   nonce). `crypto.getRandomValues` works on plain HTTP, unlike `crypto.subtle`;
// - every roll shown with its receipt (`data-receipt`) is kept in localStorage by
//   campaign and week, for the week's check page (/static/dice-check.js) to compare
//   with the chain once the seed is published.
// The forms work without it: they then send no nonce.
(function () {
  'use strict';

  // 16 random bytes as base64url: 22 characters of A–Z a–z 0–9 _ -.
  function freshNonce() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var text = '';
    for (var i = 0; i < bytes.length; i++) { text += String.fromCharCode(bytes[i]); }
    return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  document.querySelectorAll('input[name="nonce"]').forEach(function (field) {
    field.form.addEventListener('submit', function () {
      if (window.crypto && window.crypto.getRandomValues) { field.value = freshNonce(); }
    });
  });

  document.querySelectorAll('[data-receipt]').forEach(function (shown) {
    var d = shown.dataset;
    var key = 'eagles-receipts:' + d.campaign + ':' + d.week;
    try {
      var kept = JSON.parse(localStorage.getItem(key) || '{}');
      kept[d.seq] = d.chain;
      localStorage.setItem(key, JSON.stringify(kept));
    } catch (e) {
      // A browser that keeps nothing (private mode, storage full) still shows the
      // receipt, to be written down or pasted.
    }
  });
}());
