// The debrief form without this script shows every forced-landing field with a hint
// saying when it applies ("only if …"). With it, each sortie shows only the fields the
// tables read for what happened to its aircraft (API v1.1 `down`, R8): an element
// marked data-when="landed shot_down" shows for those answers only. Hidden fields are
// disabled too, so what they held is not sent.
"use strict";
(function () {
  function update(select) {
    var sortie = select.closest("fieldset.sortie");
    if (!sortie) {
      return;
    }
    var how = select.value;
    sortie.querySelectorAll("[data-when]").forEach(function (part) {
      var applies = how !== "" && part.dataset.when.split(" ").indexOf(how) >= 0;
      part.hidden = !applies;
      part.querySelectorAll("input, select").forEach(function (field) {
        field.disabled = !applies;
      });
    });
  }
  document.querySelectorAll("select[data-down]").forEach(function (select) {
    select.addEventListener("change", function () {
      update(select);
    });
    update(select);
  });
})();
