// Follows the campaign's event stream (GET /api/v1/campaigns/{cid}/events). On the
// live page (#live-content) each event newer than what is shown fetches the page's
// content again (?fragment=1) and swaps it in, saying politely what changed; on the
// campaign's other pages it shows a notice with a link to reload. The pages work
// without it: the live page then refreshes itself, the others are read as they are.
(function () {
  'use strict';

  var KINDS = ['roll', 'game', 'mission', 'assignment', 'debrief', 'void', 'week',
    'crew', 'member', 'end'];
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
    end: 'The campaign ended'
  };
  // When the stream cannot be had (a private campaign read with a session, which the
  // API does not take), the live page still reads itself again now and then.
  var POLL_MS = 30000;

  var match = /^\/campaigns\/(\d+)(\/|$)/.exec(location.pathname);
  var body = document.body;
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

  // --- The live page: fetch the content again, one fetch at a time. ---
  var fetching = false;
  var again = false;
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

  function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    again = false;
    var kinds = pending;
    pending = [];
    fetch(fragmentUrl(), { credentials: 'same-origin', cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) {
          throw new Error('the page answered ' + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
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
      })
      .catch(function () {
        // The next event, or the next poll, tries again.
      })
      .then(function () {
        fetching = false;
        if (again) {
          refresh();
        }
      });
  }

  // --- The other pages: a notice with a link to reload. ---
  var notice = null;

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

  function showNotice(kind) {
    if (!notice) {
      return;
    }
    var what = SAID[kind] || 'The campaign changed';
    var text = what.charAt(0).toLowerCase() + what.slice(1) + ' since this page was loaded. ';
    var link = notice.querySelector('a');
    if (!link) {
      var line = document.createElement('p');
      var words = document.createElement('span');
      link = document.createElement('a');
      link.id = 'changed-reload';
      link.href = location.pathname + location.search;
      link.textContent = 'Reload the page';
      line.appendChild(words);
      line.appendChild(link);
      notice.appendChild(line);
    }
    link.previousSibling.textContent = 'Changed — ' + text;
  }

  var stream = null;
  // Set once the server refused the stream (a private campaign: the API serves it to
  // tokens only; or too many streams from this address): the page stops asking.
  var refused = false;

  function onEvent(event) {
    var revision = revisionOf(event);
    // An event without a readable revision counts as new: the fetch then decides.
    if (revision && revision <= shown) {
      return;
    }
    if (live) {
      pending.push(event.type);
      refresh();
    } else {
      showNotice(event.type);
      // One notice says it all: the stream's slot is given back to the server.
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
  }
  connect();
  // A page out of sight (another tab, a phone in a pocket) holds no stream: a club's
  // readers often share one address, which the server allows only so many streams.
  document.addEventListener('visibilitychange', function () {
    if (document.hidden) {
      disconnect();
    } else if (live || !notice.firstChild) {
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
