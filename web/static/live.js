// Follows the campaign's event stream (GET /api/v1/campaigns/{cid}/events). On the
// live page (#live-content) each event newer than what is shown fetches the page's
// content again (?fragment=1) and swaps it in, saying politely what changed; on the
// campaign's other pages an event that changes what the page shows (its game, its
// crewman, its standings…: the event's kind and `game_id` or `id` against the page's
// address) brings a notice saying what changed, with a link to reload — unless the
// reader has typed into a form of the page: then the notice says the entries are kept
// and offers no reload that would throw them away. A page's parts marked
// `data-live-part` (the aircraft data sheets, on the sheets page and the game page)
// are fetched again and swapped in when a `sheet` event names one of the sorties in
// their `data-sorties`, or a sortie their game's line-up (`data-lineup`, the API's)
// holds now — one just declared —, with no notice: they hold no field a reader types
// into. The
// pages work without it: the live page then refreshes itself, the others are read as
// they are.
(function () {
  'use strict';

  var KINDS = ['roll', 'game', 'mission', 'assignment', 'debrief', 'void', 'week',
    'crew', 'member', 'end', 'sheet'];
  var SAID = {
    roll: 'A new roll',
    game: 'A game was opened',
    mission: 'A mission was rolled',
    assignment: 'A mission was assigned',
    debrief: 'A game was debriefed',
    void: 'A debrief was voided',
    week: 'The week was closed',
    crew: 'The crew changed',
    member: 'The members changed',
    end: 'The campaign ended',
    sheet: 'An aircraft data sheet changed'
  };
  // When the stream cannot be had (a private campaign read with a session, which the
  // API does not take), the live page still reads itself again now and then.
  var POLL_MS = 30000;

  var match = /^\/campaigns\/(\d+)(\/|$)/.exec(location.pathname);
  var body = document.body;

  // A sheet's half-filled forms survive a reload: kept in the tab's session storage as
  // typed, put back when the page is reloaded, forgotten once sent.
  (function keepSheetForms() {
    var forms = document.querySelectorAll('form[data-keep]');
    if (!forms.length || !window.sessionStorage) {
      return;
    }
    var key = function (form) { return 'eagles-form:' + location.pathname + '#' + form.id; };
    var nav = window.performance && performance.getEntriesByType &&
      performance.getEntriesByType('navigation')[0];
    var reloaded = nav && nav.type === 'reload';
    forms.forEach(function (form) {
      var saved = null;
      try {
        saved = JSON.parse(sessionStorage.getItem(key(form)) || 'null');
      } catch (e) {
        saved = null;
      }
      if (saved && reloaded && !form.querySelector('.error')) {
        Array.prototype.forEach.call(form.elements, function (field) {
          if (!field.name || field.type === 'hidden' || !(field.id in saved)) {
            return;
          }
          if (field.type === 'checkbox' || field.type === 'radio') {
            field.checked = saved[field.id];
          } else {
            field.value = saved[field.id];
          }
        });
      }
      var save = function () {
        var typed = {};
        Array.prototype.forEach.call(form.elements, function (field) {
          if (!field.id || !field.name || field.type === 'hidden') {
            return;
          }
          typed[field.id] = (field.type === 'checkbox' || field.type === 'radio')
            ? field.checked : field.value;
        });
        try {
          sessionStorage.setItem(key(form), JSON.stringify(typed));
        } catch (e) {
          // A full or refused storage keeps nothing: the form works as it is.
        }
      };
      form.addEventListener('input', save);
      form.addEventListener('change', save);
      form.addEventListener('submit', function () {
        sessionStorage.removeItem(key(form));
      });
    });
  })();

  // A sheet's refused form: its first refusal brought where the eye is, mid-screen,
  // the field it names focused (without scripts the field's autofocus does that).
  (function showRefusal() {
    var refusal = document.querySelector('section.sheet .error[role="alert"], section.sheet .stale');
    if (!refusal) {
      return;
    }
    var field = document.querySelector('section.sheet [autofocus]');
    if (field) {
      field.focus({ preventScroll: true });
    }
    refusal.scrollIntoView({ block: 'center' });
  })();
  if (!match || !body || !('revision' in body.dataset) || !window.EventSource) {
    return;
  }
  var campaign = match[1];
  // The revision of what the reader sees; events at or below it are already shown.
  var shown = Number(body.dataset.revision);
  if (!isFinite(shown)) {
    return;
  }
  var live = document.getElementById('live-content');

  function revisionOf(event) {
    try {
      var data = JSON.parse(event.data);
      if (typeof data.revision === 'number') {
        return data.revision;
      }
    } catch (e) {
      // Fall back on the event's id, which is the revision too.
    }
    return Number(event.lastEventId) || 0;
  }

  // The page at `url` as a document, read afresh with the reader's session.
  function readPage(url) {
    return fetch(url, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) {
          throw new Error('the page answered ' + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        return new DOMParser().parseFromString(html, 'text/html');
      });
  }

  // `task` (which answers a promise) run one at a time: asked again while it runs,
  // it runs once more after. A failure waits for the next event, or the next poll.
  function oneAtATime(task) {
    var running = false;
    var again = false;
    function run() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      task()
        .catch(function () {
          // The next event, or the next poll, tries again.
        })
        .then(function () {
          running = false;
          if (again) {
            run();
          }
        });
    }
    return run;
  }

  // --- The live page: fetch the content again, one fetch at a time. ---
  var pending = [];

  function fragmentUrl() {
    return location.pathname + '?fragment=1';
  }

  function say(text) {
    var status = document.getElementById('live-status');
    if (status && text) {
      status.textContent = text;
    }
  }

  function announcement(kinds) {
    var parts = [];
    kinds.forEach(function (kind) {
      var words = SAID[kind] || 'The campaign changed';
      if (kind === 'roll') {
        var newest = document.getElementById('newest-roll');
        if (newest && newest.dataset.summary) {
          words += ': ' + newest.dataset.summary;
        }
      }
      if (parts.indexOf(words) < 0) {
        parts.push(words);
      }
    });
    return parts.join('. ') + '.';
  }

  var refresh = oneAtATime(function () {
    var kinds = pending;
    pending = [];
    return readPage(fragmentUrl()).then(function (doc) {
      var fresh = doc.getElementById('live-content');
      var current = document.getElementById('live-content');
      if (!fresh || !current) {
        return;
      }
      var revision = Number(fresh.dataset.revision);
      if (revision > shown) {
        current.replaceWith(document.importNode(fresh, true));
        shown = revision;
        body.dataset.revision = String(revision);
        say(kinds.length ? announcement(kinds) : 'The campaign changed.');
      }
    });
  });

  // --- The other pages: a notice, with a link to reload unless a form was edited. ---
  // What the page shows, read from its address: an event that changes none of it
  // (a roll of another game on a game page, say) is not worth a word.
  var place = location.pathname.slice(match[0].length).replace(/\/$/, '');
  var gameShown = (/^games\/(\d+)(?:\/sheets)?$/.exec(place) || [])[1];
  var crewmanShown = (/^crew\/(\d+)$/.exec(place) || [])[1];
  var FOLLOWS = {
    '': ['game', 'mission', 'assignment', 'debrief', 'void', 'week', 'crew', 'member'],
    'club-night': ['game', 'mission', 'assignment', 'debrief', 'void', 'week'],
    leaderboard: ['debrief', 'void', 'week', 'crew', 'member'],
    players: ['debrief', 'void', 'week', 'crew', 'member'],
    crew: ['debrief', 'void', 'week', 'crew', 'member'],
    dice: ['roll', 'game', 'week'],
    members: ['member', 'crew']
  };

  function concerns(kind, data) {
    if (kind === 'end') {
      return true;
    }
    if (gameShown) {
      // The game's own rolls, missions, assignments and debrief; a void (of its
      // debrief or of an award, which the event does not tell apart) and a week's
      // close may change it too.
      if (kind === 'void' || kind === 'week') {
        return true;
      }
      return data !== null && String(data.game_id) === gameShown;
    }
    if (crewmanShown) {
      if (kind === 'crew') {
        return data === null || String(data.id) === crewmanShown;
      }
      return ['debrief', 'void', 'week'].indexOf(kind) >= 0;
    }
    var follows = FOLLOWS[place];
    return !follows || follows.indexOf(kind) >= 0;
  }

  function said(kind, data) {
    var ours = gameShown && data !== null && String(data.game_id) === gameShown;
    if (ours) {
      switch (kind) {
        case 'roll': return 'A roll was made for this game';
        case 'mission': return 'A mission was rolled for this game';
        case 'assignment': return 'A mission of this game was assigned its aircraft and crew';
        case 'debrief': return 'This game was debriefed';
      }
    }
    if (crewmanShown && kind === 'crew') {
      return 'This crewman changed';
    }
    return SAID[kind] || 'The campaign changed';
  }

  // --- The parts that follow the sheets: fetched again, one fetch at a time. ---
  var parts = document.querySelectorAll('[data-live-part]');
  // The newest revision a sheet event announced to the parts.
  var heardForParts = 0;

  var renewParts = oneAtATime(function () {
    var revision = heardForParts;
    return readPage(location.pathname + location.search).then(function (doc) {
      document.querySelectorAll('[data-live-part]').forEach(function (part) {
        var fresh = part.id && doc.getElementById(part.id);
        if (fresh) {
          part.replaceWith(document.importNode(fresh, true));
        }
      });
      // A sheet's mark forms send the version of the sheet shown (API v1.3): the
      // sheet shown is now the fresh one, so are the versions its forms send.
      document.querySelectorAll('section[id^="sheet-"]').forEach(function (section) {
        var fresh = doc.getElementById(section.id);
        var version = fresh && fresh.querySelector('input[name="version"]');
        if (version) {
          section.querySelectorAll('input[name="version"]').forEach(function (input) {
            input.value = version.value;
          });
        }
      });
      // The lists of aircraft a sheet's forms choose from (the target, the victim of
      // a claim) learn of one declared since: fresh options, the choice kept.
      document.querySelectorAll('select[data-live-choices]').forEach(function (select) {
        var fresh = select.id && doc.getElementById(select.id);
        if (!fresh) {
          return;
        }
        var chosen = select.value;
        select.innerHTML = fresh.innerHTML;
        if (Array.prototype.some.call(select.options, function (o) { return o.value === chosen; })) {
          select.value = chosen;
        }
      });
      var read = doc.body && Number(doc.body.dataset.revision);
      shown = Math.max(shown, read || 0, revision);
      // What the parts show, for whoever looks (tests do).
      body.dataset.swapped = String(shown);
    });
  });

  function refreshParts(revision) {
    heardForParts = Math.max(heardForParts, revision || 0);
    renewParts();
  }

  function watches(id) {
    return Array.prototype.some.call(document.querySelectorAll('[data-live-part]'),
      function (part) {
        return (part.dataset.sorties || '').split(' ').indexOf(id) >= 0;
      });
  }

  // A sortie the parts do not know yet: renew them if it is one of their game's.
  function newcomer(id, revision) {
    var part = document.querySelector('[data-live-part][data-lineup]');
    if (!part) {
      return;
    }
    fetch(part.dataset.lineup, { cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : [];
      })
      .then(function (lineup) {
        var ours = Array.isArray(lineup) && lineup.some(function (sortie) {
          return String(sortie.id) === id;
        });
        if (ours) {
          refreshParts(revision);
        }
      })
      .catch(function () {
        // The next event tries again.
      });
  }

  function followSheet(data, revision) {
    if (!parts.length || !data || data.id === undefined) {
      return;
    }
    var id = String(data.id);
    if (watches(id)) {
      refreshParts(revision);
    } else {
      newcomer(id, revision);
    }
  }

  var notice = null;
  // Whether the reader has typed into a form of the page: a reload would lose it.
  var edited = false;
  var changed = null;

  function noticeRegion() {
    // Made empty at once, so that screen readers announce what is put in it later.
    var region = document.createElement('div');
    region.id = 'changed';
    region.className = 'changed';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    var main = document.querySelector('main');
    (main || body).insertBefore(region, (main || body).firstChild);
    return region;
  }

  function showNotice() {
    if (!notice || !changed) {
      return;
    }
    var text = 'Changed — ' + changed.charAt(0).toLowerCase() + changed.slice(1) +
      ' since this page was loaded.';
    var line = notice.firstChild;
    if (!line) {
      line = document.createElement('p');
      line.appendChild(document.createElement('span'));
      notice.appendChild(line);
    }
    var words = line.firstChild;
    var link = document.getElementById('changed-reload');
    if (edited) {
      // A reload would throw away what was typed: no link, and the page says so.
      if (link) {
        link.remove();
      }
      words.textContent = text + ' Your entries are kept: reload after you submit.';
      return;
    }
    words.textContent = text + ' ';
    if (!link) {
      link = document.createElement('a');
      link.id = 'changed-reload';
      link.href = location.pathname + location.search;
      link.textContent = 'Reload the page';
      line.appendChild(link);
    }
  }

  function onEdit(event) {
    var field = event.target;
    if (edited || !field || !field.form) {
      return;
    }
    edited = true;
    body.dataset.edited = 'yes';
    showNotice();
  }

  var stream = null;
  // Set once the server refused the stream (a private campaign: the API serves it to
  // tokens only; or too many streams from this address): the page stops asking.
  var refused = false;

  function dataOf(event) {
    try {
      var data = JSON.parse(event.data);
      return data && typeof data === 'object' ? data : null;
    } catch (e) {
      return null;
    }
  }

  function onEvent(event) {
    var revision = revisionOf(event);
    // An event without a readable revision counts as new: the fetch then decides.
    if (revision && revision <= shown) {
      return;
    }
    if (live) {
      pending.push(event.type);
      refresh();
      return;
    }
    var data = dataOf(event);
    // Seen, whether it concerns the page or not (tests wait on it).
    body.dataset.heard = String(revision);
    if (event.type === 'sheet') {
      followSheet(data, revision);
      return;
    }
    if (!concerns(event.type, data)) {
      return;
    }
    changed = said(event.type, data);
    showNotice();
    // One notice says it all: the stream's slot is given back to the server, unless
    // the page's parts still follow the sheets.
    if (!parts.length) {
      disconnect();
    }
  }

  function connect() {
    if (stream || refused) {
      return;
    }
    // The stream starts after the revision shown, so a write between the page being
    // read and the stream opening is not missed; on reconnecting by itself, the
    // browser sends the last event's id, which the server prefers.
    var source = new EventSource('/api/v1/campaigns/' + campaign + '/events?last_event_id=' +
      shown);
    stream = source;
    KINDS.concat(['message']).forEach(function (kind) {
      source.addEventListener(kind, onEvent);
    });
    // Whether the page is following the campaign, for whoever looks (tests do).
    source.addEventListener('open', function () {
      body.dataset.stream = 'open';
    });
    source.addEventListener('error', function () {
      if (source !== stream) {
        return;
      }
      if (source.readyState === EventSource.CLOSED) {
        refused = true;
        stream = null;
        body.dataset.stream = 'closed';
      } else {
        body.dataset.stream = 'retrying';
      }
    });
  }

  function disconnect() {
    if (stream) {
      stream.close();
      stream = null;
      body.dataset.stream = 'closed';
    }
  }

  if (!live) {
    notice = noticeRegion();
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
  }
  connect();
  // A page out of sight (another tab, a phone in a pocket) holds no stream: a club's
  // readers often share one address, which the server allows only so many streams.
  document.addEventListener('visibilitychange', function () {
    if (document.hidden) {
      disconnect();
    } else if (live || parts.length || !notice.firstChild) {
      // Back in sight, the page asks again, even if it was refused before.
      refused = false;
      connect();
    }
  });
  if (live) {
    window.setInterval(function () {
      if (refused && !document.hidden) {
        refresh();
      }
    }, POLL_MS);
  }
})();
