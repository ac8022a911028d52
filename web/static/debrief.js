// The debrief form works without this script: every field shows, with a hint saying
// when it applies ("only if …"). With it, each aircraft's row shows only what applies:
// - the fields the forced-landing tables read for how the aircraft ended its sortie
//   (API v1.1 `down`, R8): an element marked data-when="landed shot_down" shows for
//   those answers only;
// - no observer for a single-seater (the aircraft's option says data-seats="1").
// Hidden fields are disabled too, so what they held is not sent. The kills' victims
// are named by their row's aircraft and pilot as they are chosen.
"use strict";
(function () {
  function show(part, applies) {
    part.hidden = !applies;
    part.querySelectorAll("input, select").forEach(function (field) {
      field.disabled = !applies;
    });
  }

  function update(row) {
    var how = row.querySelector("select[data-down]");
    var value = how ? how.value : "";
    row.querySelectorAll("[data-when]").forEach(function (part) {
      show(part, value !== "" && part.dataset.when.split(" ").indexOf(value) >= 0);
    });
    var aircraft = row.querySelector("select[data-aircraft]");
    var chosen = aircraft && aircraft.selectedOptions[0];
    var single = chosen && chosen.dataset.seats === "1";
    row.querySelectorAll("p.observer").forEach(function (seat) {
      show(seat, !single);
      // The dice fields inside follow how the aircraft ended its sortie.
      if (!single) {
        seat.querySelectorAll("[data-when]").forEach(function (part) {
          show(part, value !== "" && part.dataset.when.split(" ").indexOf(value) >= 0);
        });
      }
    });
    nameVictim(row);
  }

  // "Albatros D-III (single-seater)" → "Albatros D-III"; "Max Immelmann (carl)" → …
  function bare(option) {
    return option && option.value !== ""
      ? option.textContent.replace(/\s*\([^()]*\)\s*$/, "")
      : "";
  }

  function nameVictim(row) {
    var key = row.id;
    var aircraft = row.querySelector("select[data-aircraft]");
    var pilot = row.querySelector("select[id='" + key + "_pilot']");
    var names = [
      bare(aircraft && aircraft.selectedOptions[0]),
      bare(pilot && pilot.selectedOptions[0]),
    ].filter(function (n) {
      return n !== "";
    });
    if (names.length === 0) {
      return;
    }
    document
      .querySelectorAll("select[id$='_victim'] option[value='" + key + "']")
      .forEach(function (option) {
        option.textContent = key + " \u2014 " + names.join(", ");
      });
  }

  document.querySelectorAll("fieldset.sortie").forEach(function (row) {
    row.querySelectorAll("select").forEach(function (select) {
      select.addEventListener("change", function () {
        update(row);
      });
    });
    update(row);
  });
})();
