// The mtgasp page: the board is the scenario's JSON form (the tables of the TOML file), kept in
// `scenario`; every change re-renders the board, the TOML view and the page's address.  The
// answers come from the API (POST /api/ask), which validates everything: this script decides no
// ruling.  User text is only ever set as textContent or input values, never as HTML.
"use strict";

// The question kinds, as the server declares them (GET /api/kinds): [{name, target, doc, options}].
let kinds = [];
// The kind asked of every object to draw the board after an event (GET /api/kinds).
let boardView = null;
const COLORS = ["W", "U", "B", "R", "G"];
const IDENT = /^[a-z][a-z0-9_]*$/;

let scenario = emptyScenario();

function emptyScenario() {
  return {title: "A board built in the browser", permanent: [], ask: []};
}

// --- small DOM helpers ---
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = value;
    else if (key === "checked") el.checked = Boolean(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}
const $ = (id) => document.getElementById(id);

function players() {
  return (scenario.game && scenario.game.players) || ["you", "opponent"];
}
function activePlayer() {
  return (scenario.game && scenario.game.active_player) || players()[0];
}
function controllerOf(p) {
  return p.controller || players()[0];
}
function permanents() {
  return scenario.permanent || (scenario.permanent = []);
}
function asks() {
  return scenario.ask || (scenario.ask = []);
}
function askKind(a) {
  const kind = kinds.find((k) => k.name in a);
  return kind && kind.name;
}
// The kinds a permanent can be asked: of a permanent, or of any object (after events).
function permanentKinds() {
  return kinds.filter((k) => k.target === "permanent" || k.target === "object");
}
// The ability classes of a card, once its panel is loaded (null until then).
const cardClasses = new Map();
function classesOf(card) {
  if (!cardClasses.has(card)) {
    cardClasses.set(card, null);
    cardInfo(card).then((info) => { cardClasses.set(card, info.classes); refreshOffers(); })
      .catch(() => cardClasses.set(card, []));
  }
  return cardClasses.get(card);
}
// The questions that make sense on a permanent, by each kind's declared offer
// (pybridge/contract/kinds.py: Offer): its own abilities' classes (none face down, 708.2), a
// class some permanent or lasting effect has (a grant), face down or not, events or not.
function offeredKinds(p) {
  const hasEvents = (scenario.event || []).length > 0;
  const faceDown = p.face_down !== undefined;
  const own = faceDown || !p.card ? [] : classesOf(p.card);
  const board = [...permanents().filter((q) => q.face_down === undefined).map((q) => q.card),
                 ...(scenario.effect || []).map((e) => e.card)].filter(Boolean).map((c) => classesOf(c) || []);
  return permanentKinds().filter(({offer}) => {
    if (!offer) return true;
    if (offer.events && !hasEvents) return false;
    if (offer.face_down === true && !faceDown) return false;
    if (offer.face_down === false && faceDown) return false;
    if (!offer.classes.length && !offer.board.length) return true;
    if (own === null) return false;
    return offer.classes.some((c) => own.includes(c)) ||
      offer.board.some((group) => board.some((classes) => group.every((c) => classes.includes(c))));
  });
}
function setGame(key, value) {
  scenario.game = scenario.game || {};
  if (value === undefined) delete scenario.game[key]; else scenario.game[key] = value;
  if (Object.keys(scenario.game).length === 0) delete scenario.game;
}
function setField(obj, key, value) {
  if (value === undefined || value === "" || value === null) delete obj[key]; else obj[key] = value;
}

// --- the API ---
async function api(path, options = {}) {
  const response = await fetch(path, options);
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(body && (body.says || body.error) ? (body.says || body.error) : `HTTP ${response.status}`);
  return body;
}
const postJSON = (path, value) => api(path, {method: "POST", body: JSON.stringify(value),
                                             headers: {"Content-Type": "application/json"}});

// --- card names: the datalist follows what is typed ---
let lookupTimer = null;
function suggestCards(text) {
  clearTimeout(lookupTimer);
  lookupTimer = setTimeout(async () => {
    if (!text.trim()) return;
    try {
      const found = await api(`/api/cards?q=${encodeURIComponent(text)}`);
      $("card-names").replaceChildren(...found.cards.map((name) => h("option", {value: name})));
    } catch (err) { /* suggestions are a convenience: the add button checks the name */ }
  }, 120);
}
async function resolveCard(text) {
  const found = await api(`/api/cards?q=${encodeURIComponent(text.trim())}`);
  if (found.exact) return found.exact;
  throw new Error(`No card is named “${text.trim()}”` +
                  (found.cards.length ? `; the closest: ${found.cards.slice(0, 3).join(", ")}.` : "."));
}
function cardInput(attrs) {
  return h("input", {list: "card-names", autocomplete: "off", ...attrs,
                     oninput: (e) => suggestCards(e.target.value)});
}

function freshId(card) {
  let base = card.split(" // ")[0].toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (!/^[a-z]/.test(base)) base = "p_" + base;
  const taken = new Set(knownIds());
  let id = base, n = 2;
  while (taken.has(id)) id = `${base}_${n++}`;
  return id;
}

// The board as the rules read it, before any question: a card that can't be where it is put
// (an instant on the battlefield, a permanent card as a lasting effect) is refused by the rules
// with their reason, and the page keeps the board it had.
async function checkBoard(candidate) {
  await postJSON("/api/check", candidate);
}

// Beside the card a name names exactly, the other cards whose names hold it ("Urborg": Urborg,
// Tomb of Yawgmoth), each a click away from taking the added card's place.
function othersNote(card, replace) {
  return cardInfo(card).then((info) => {
    if (!info.others.length) return;
    $("status").append(" Other cards with that name in theirs: ",
      ...info.others.flatMap((name, i) => [i ? ", " : "", h("button", {type: "button", class: "link other-card",
        onclick: () => replace(name)}, name)]), ".");
  }).catch(() => {});
}

async function addPermanent(player, text, input, face = "", by = "") {
  if (!text.trim()) return;
  try {
    const card = await resolveCard(text);
    const p = {id: freshId(card), card};
    if (player !== players()[0]) p.controller = player;
    if (face === "card") p.face_down = await resolveCard(by);
    else if (face) p.face_down = face;
    await checkBoard({...scenario, permanent: [...permanents(), p]});
    permanents().push(p);
    input.value = "";
    const info = await cardInfo(card).catch(() => null);
    status(`Added ${card}${info ? ` (${info.faces[0].type_line})` : ""} to ${possessive(player)} battlefield as ${p.id}.`);
    changed();
    othersNote(card, async (name) => {
      try {
        const q = {...p, card: name, id: freshId(name)};
        await checkBoard({...scenario, permanent: permanents().map((x) => x === p ? q : x)});
        scenario.permanent = permanents().map((x) => x === p ? q : x);
        status(`Replaced ${card} with ${name} (${q.id}).`);
        changed();
      } catch (err) { status(err.message, true); }
    });
  } catch (err) { status(err.message, true); }
}

function possessive(player) {
  return player === "you" ? "your" : `${player}'s`;
}

function removePermanent(id) {
  scenario.permanent = permanents().filter((p) => p.id !== id);
  for (const p of permanents()) {
    for (const key of ["attached_to", "copy_of"]) if (p[key] === id) delete p[key];
  }
  for (const e of scenario.effect || []) {
    if (e.targets) e.targets = e.targets.filter((t) => t !== id);
  }
  scenario.ask = asks().filter((a) => a[askKind(a)] !== id);
  changed();
}

// --- rendering the board ---
function field(label, control, title) {
  if (control.type === "checkbox") return h("label", {class: "field check", title}, control, h("span", {}, label));
  return h("label", {class: "field", title}, h("span", {}, label), control);
}
function select(options, current, onchange, blank = "—") {
  const el = h("select", {onchange: (e) => onchange(e.target.value || undefined)},
               h("option", {value: ""}, blank),
               options.map((o) => h("option", {value: o, selected: o === current}, o)));
  return el;
}
function countersText(counters) {
  return Object.entries(counters || {}).map(([k, n]) => `${k}=${n}`).join(", ");
}
function parseCounters(text) {
  const out = {};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = part.match(/^(.+?)\s*[=:]\s*(\d+)$/);
    if (!m) throw new Error(`counters: write kind=number, e.g. +1/+1=2 (not ${JSON.stringify(part)})`);
    out[m[1].trim()] = Number(m[2]);
  }
  return out;
}

function permanentCard(p) {
  const others = permanents().filter((q) => q.id !== p.id).map((q) => q.id);
  const faceDown = p.face_down;
  const byCard = faceDown !== undefined && !contract.face_down.includes(faceDown);
  const faceDownSelect = h("select", {"aria-label": "face down",
    onchange: (e) => {
      const v = e.target.value;
      if (v === "") delete p.face_down;
      else if (v === "card") p.face_down = byCard ? p.face_down : "";
      else p.face_down = v;
      changed();
    }},
    h("option", {value: ""}, "face up"),
    contract.face_down.map((m) => h("option", {value: m, selected: m === faceDown}, m)),
    h("option", {value: "card", selected: byCard}, "by a card's effect…"));
  const counters = h("input", {type: "text", value: countersText(p.counters), placeholder: "+1/+1=2",
    "aria-label": "counters",
    onchange: (e) => {
      try { setField(p, "counters", e.target.value.trim() ? parseCounters(e.target.value) : undefined); changed(); }
      catch (err) { status(err.message, true); }
    }});
  return h("article", {class: "permanent" + (p.tapped ? " tapped" : ""), "data-id": p.id},
    h("header", {},
      h("button", {type: "button", class: "card-name link", title: "the card's text, abilities and rulings",
                   onclick: () => showCard(p.card || p.token)}, cardLabel(p)),
      h("code", {class: "perm-id", title: "the permanent's id in the scenario"}, p.id),
      h("button", {type: "button", class: "remove", title: `remove ${p.id}`,
                   onclick: () => removePermanent(p.id)}, "×")),
    h("div", {class: "ask-buttons"}, askButtons(p)),
    summaryLine(p),
    h("details", {class: "more", open: openStates.has(p.id),
                  ontoggle: (e) => { if (!e.target.isConnected) return; if (e.target.open) openStates.add(p.id); else openStates.delete(p.id); }},
      // noted as the click happens: the toggle event comes later, maybe after a re-render
      h("summary", {onclick: (e) => { if (e.target.parentElement.open) openStates.delete(p.id); else openStates.add(p.id); }}, "state"),
    h("div", {class: "fields"},
      field("tapped", h("input", {type: "checkbox", checked: p.tapped,
        onchange: (e) => { setField(p, "tapped", e.target.checked || undefined); changed(); }})),
      field("new this turn", h("input", {type: "checkbox", checked: p.controlled_since_turn_start === false,
        onchange: (e) => { setField(p, "controlled_since_turn_start", e.target.checked ? false : undefined); changed(); }}),
        "not under this controller since their turn began (rule 302.6)"),
      field("face down", faceDownSelect),
      byCard ? field("turned face down by", cardInput({value: p.face_down, placeholder: "Ixidron",
        onchange: (e) => { p.face_down = e.target.value.trim(); changed(); }})) : null,
      field("copy of", select(others, p.copy_of, (v) => { setField(p, "copy_of", v); changed(); })),
      field("attached to", select(others, p.attached_to, (v) => { setField(p, "attached_to", v); changed(); })),
      field("counters", counters),
      field("chosen colour", select(COLORS, p.chosen_color, (v) => { setField(p, "chosen_color", v); changed(); })),
      field("X", h("input", {type: "number", min: 0, value: p.x ?? "", "aria-label": "X",
        onchange: (e) => { setField(p, "x", e.target.value === "" ? undefined : Number(e.target.value)); changed(); }}),
        "the permanent resolved from a spell cast with this X")),
      h("details", {class: "other-keys"}, h("summary", {}, "every other key"),
        h("div", {class: "fields"}, keyFields("permanent", p, SHOWN_KEYS)))));
}
// The keys the permanent's own fields above show; every other declared key is a text field.
const SHOWN_KEYS = ["id", "card", "tapped", "controlled_since_turn_start", "face_down", "copy_of",
                    "attached_to", "counters", "chosen_color", "x"];

function askButtons(p) {
  return offeredKinds(p).map(({name, doc, label}) => h("button", {type: "button", class: "ask", "data-kind": name,
    title: `ask ${name.replace(/_/g, " ")} of ${p.id}: ${doc}`, onclick: () => askOne(name, p.id)},
    label));
}
// The questions offered, again, once the cards' classes are known (the rest of the board, and
// what is being typed in it, untouched).
function refreshOffers() {
  for (const p of permanents()) {
    const row = document.querySelector(`.permanent[data-id="${CSS.escape(p.id)}"] .ask-buttons`);
    if (row) row.replaceChildren(...askButtons(p));
  }
}

// Which permanents have their state fields unfolded (kept across re-renders).
const openStates = new Set();

function summaryLine(p) {
  const parts = [];
  if (p.tapped) parts.push("tapped");
  if (p.controlled_since_turn_start === false) parts.push("new this turn");
  if (p.face_down !== undefined) parts.push(`face down (${p.face_down || "?"})`);
  if (p.copy_of) parts.push(`copy of ${p.copy_of}`);
  if (p.copy_of_card) parts.push(`copy of ${p.copy_of_card}`);
  if (p.attached_to) parts.push(`attached to ${p.attached_to}`);
  if (p.counters && Object.keys(p.counters).length) parts.push(`counters ${countersText(p.counters)}`);
  if (p.chosen_color) parts.push(`chosen colour ${p.chosen_color}`);
  if (p.chosen_type) parts.push(`chosen type ${p.chosen_type}`);
  if (p.x !== undefined) parts.push(`X = ${p.x}`);
  if (p.owner && p.owner !== controllerOf(p)) parts.push(`owned by ${p.owner}`);
  return h("div", {class: "summary"}, parts.length ? parts.join(" · ") : "untapped, here since the turn began");
}

function renderBoards() {
  const boards = $("boards");
  boards.replaceChildren(...players().map((player) => {
    const input = cardInput({name: "card", placeholder: "card name, e.g. Forest",
                             "aria-label": `add a permanent for ${player}`});
    const by = cardInput({name: "by", placeholder: "turned face down by, e.g. Ixidron", hidden: true,
                          "aria-label": `the card turning it face down, for ${player}`});
    const face = h("select", {name: "face", "aria-label": `face up or down, for ${player}`,
                              onchange: (e) => { by.hidden = e.target.value !== "card"; }},
      h("option", {value: ""}, "face up"),
      contract.face_down.map((m) => h("option", {value: m}, `face down: ${m.replace(/_/g, " ")}`)),
      h("option", {value: "card"}, "face down by a card's effect…"));
    const form = h("form", {class: "add-row", "data-player": player, autocomplete: "off",
                            onsubmit: (e) => { e.preventDefault(); addPermanent(player, input.value, input, face.value, by.value); }},
                   input, face, by, h("button", {type: "submit"}, "Add"));
    const mine = permanents().filter((p) => controllerOf(p) === player);
    return h("section", {class: "board", "data-player": player},
      h("h2", {}, `${player}`, player === activePlayer() ? h("small", {class: "active"}, " (active player)") : null),
      form,
      mine.length ? mine.map(permanentCard) : h("p", {class: "note"}, "no permanents yet"));
  }));
  const strays = permanents().filter((p) => !players().includes(controllerOf(p)));
  if (strays.length) status(`controller not among the players: ${strays.map((p) => p.id).join(", ")}`, true);
}

function renderEffects() {
  const ids = permanents().map((p) => p.id);
  $("effects").replaceChildren(...(scenario.effect || []).map((e, i) => h("div", {class: "effect"},
    h("button", {type: "button", class: "card-name link", onclick: () => showCard(e.card)}, e.card),
    field("controller", select(players(), e.controller || players()[0], (v) => { setField(e, "controller", v === players()[0] ? undefined : v); changed(); }, players()[0])),
    field("targets", h("input", {type: "text", value: (e.targets || []).join(", "), placeholder: ids.slice(0, 2).join(", "),
      onchange: (ev) => { const t = ev.target.value.split(",").map((s) => s.trim()).filter(Boolean); setField(e, "targets", t.length ? t : undefined); changed(); }})),
    field("chosen colour", select(COLORS, e.chosen_color, (v) => { setField(e, "chosen_color", v); changed(); })),
    keyFields("effect", e, ["card", "controller", "targets", "chosen_color"]),
    h("button", {type: "button", class: "remove", onclick: () => { scenario.effect.splice(i, 1); if (!scenario.effect.length) delete scenario.effect; changed(); }}, "×"))));
}

function renderAsks() {
  $("asks").replaceChildren(...asks().map((a, i) => {
    const kind = askKind(a) || "?";
    const options = (kinds.find((k) => k.name === kind) || {options: []}).options;
    return h("div", {class: "ask-row"},
      h("span", {class: "ask-label"}, h("b", {}, (kinds.find((k) => k.name === kind) || {label: kind}).label), ` of ${cardOf(a[kind]) === a[kind] ? a[kind] : `${cardOf(a[kind])} (${a[kind]})`}`),
      ...options.map(({key, value, placeholder}) => {
        const number = value === "positive_int";
        return field(key, h("input", {type: number ? "number" : "text", min: 1,
          value: a[key] ?? "", placeholder,
          onchange: (e) => { const v = e.target.value.trim(); setField(a, key, v === "" ? undefined : (number ? Number(v) : v)); changed(); }}));
      }),
      "expect" in a ? h("span", {class: "expect"}, `expected: ${plainValue(a.expect)}`) : null,
      h("button", {type: "button", onclick: () => askScenario({...scenario, ask: [a]})}, "ask"),
      h("button", {type: "button", class: "remove", onclick: () => { asks().splice(i, 1); changed(); }}, "×"));
  }));
  $("ask-all").disabled = asks().length === 0;
}

function renderHead() {
  if (document.activeElement !== $("title")) $("title").value = scenario.title || "";
  if (document.activeElement !== $("players")) $("players").value = players().join(", ");
  $("active-player").replaceChildren(...players().map((p) => h("option", {value: p, selected: p === activePlayer()}, p)));
}

// --- the scenario's other forms: TOML text and the page's address ---
function encodeScenario(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeScenario(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

let tomlTimer = null;
function changed() {
  renderHead(); renderBoards(); renderEffects(); renderAsks(); renderTimeline();
  history.replaceState(null, "", "#scenario=" + encodeScenario(scenario));
  clearTimeout(tomlTimer);
  tomlTimer = setTimeout(async () => {
    try { $("toml-text").value = await postJSON("/api/toml", scenario); }
    catch (err) { $("toml-text").value = "# " + err.message; }
  }, 150);
}

function loadScenario(doc, message) {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error("a scenario is a table");
  scenario = doc;
  $("answers").replaceChildren(); $("graph").replaceChildren(); $("graph-side").hidden = true;
  changed();
  if (message) status(message);
}

// --- asking ---
async function askOne(kind, id) {
  let a = asks().find((x) => askKind(x) === kind && x[kind] === id);
  if (!a) { a = {[kind]: id}; asks().push(a); changed(); }
  await askScenario({...scenario, ask: [a]});
}

async function askScenario(doc) {
  const graph = (doc.ask || []).some((a) => "produce" in a);
  status("Asking…");
  $("answers").classList.add("busy");
  try {
    const result = await postJSON(`/api/ask?explain=1${graph ? "&dot=1" : ""}`, doc);
    renderAnswers(result);
    status(result.unknown_reason ? `The answer is unknown: ${result.unknown_reason}` : "Answered.");
  } catch (err) {
    $("answers").replaceChildren(h("p", {class: "error"}, err.message));
    $("graph").replaceChildren(); $("graph-side").hidden = true;
    status("The scenario can't be answered as it stands.", true);
  } finally { $("answers").classList.remove("busy"); }
}

function status(text, bad = false) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("error", bad);
}

// --- wiring ---
async function loadExamples() {
  try {
    const {examples} = await api("/api/examples");
    const groups = {};
    for (const e of examples) (groups[e.kind] = groups[e.kind] || []).push(e);
    $("examples").append(...Object.entries(groups).map(([kind, list]) => h("optgroup", {label: kind},
      list.map((e) => h("option", {value: e.index, title: e.title}, e.name.split("/").pop().replace(/_/g, " "))))));
  } catch (err) { status(`no examples: ${err.message}`, true); }
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], {type: "application/toml"}));
  const a = h("a", {href: url, download: name});
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function loadToml(text, what) {
  try {
    const {scenario: doc} = await api("/api/json", {method: "POST", body: text,
                                                   headers: {"Content-Type": "application/toml"}});
    loadScenario(doc, `Loaded ${what}.`);
  } catch (err) { status(err.message, true); }
}

function wire() {
  $("examples").addEventListener("change", async (e) => {
    if (e.target.value === "") return;
    try {
      const example = await api(`/api/examples/${Number(e.target.value)}`);
      loadScenario(example.scenario, `Loaded ${example.name}.`);
      if (asks().length) await askScenario(scenario);
    } catch (err) { status(err.message, true); }
  });
  $("new-board").addEventListener("click", () => loadScenario(emptyScenario(), "A new board."));
  $("open-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await loadToml(await file.text(), file.name);
    e.target.value = "";
  });
  $("save-toml").addEventListener("click", async () => {
    try {
      const text = await postJSON("/api/toml", scenario);
      const name = (scenario.title || "scenario").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 60) || "scenario";
      download(`${name}.toml`, text);
    } catch (err) { status(err.message, true); }
  });
  $("copy-link").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); $("link-note").textContent = "link copied"; }
    catch (err) { $("link-note").textContent = "the address bar holds the link"; }
    setTimeout(() => { $("link-note").textContent = ""; }, 3000);
  });
  $("apply-toml").addEventListener("click", () => loadToml($("toml-text").value, "the TOML"));
  $("title").addEventListener("change", (e) => { scenario.title = e.target.value; changed(); });
  $("players").addEventListener("change", (e) => {
    const names = e.target.value.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = names.find((n) => !IDENT.test(n));
    if (!names.length || bad) { status(`players: ${bad ? JSON.stringify(bad) + " is not" : "give"} a name of lower case letters, digits and _`, true); return; }
    setGame("players", names.join() === "you,opponent" ? undefined : names);
    if (!names.includes(activePlayer())) setGame("active_player", undefined);
    changed();
  });
  $("active-player").addEventListener("change", (e) => {
    setGame("active_player", e.target.value === players()[0] ? undefined : e.target.value); changed();
  });
  $("add-effect").addEventListener("submit", async (e) => {
    e.preventDefault();
    const input = e.target.elements.card;
    try {
      const card = await resolveCard(input.value);
      await checkBoard({...scenario, effect: [...(scenario.effect || []), {card}]});
      (scenario.effect = scenario.effect || []).push({card});
      input.value = "";
      status(`Added the lasting effect of ${card}.`);
      changed();
    } catch (err) { status(err.message, true); }
  });
  $("add-effect").elements.card.addEventListener("input", (e) => suggestCards(e.target.value));
  $("ask-all").addEventListener("click", () => askScenario(scenario));
  $("rule-close").addEventListener("click", () => { $("rule-box").hidden = true; });
  $("card-close").addEventListener("click", () => { $("card-box").hidden = true; });
}

async function loadKinds() {
  try { ({kinds, board_view: boardView} = await api("/api/kinds")); }
  catch (err) { status(`The question kinds can't be loaded: ${err.message}`, true); }
}

async function start() {
  wire();
  wireTimeline();
  await Promise.all([loadKinds(), loadContract()]);
  renderAskForm();
  loadExamples();
  const match = location.hash.match(/^#scenario=([A-Za-z0-9_-]+)$/);
  if (match) {
    try { loadScenario(decodeScenario(match[1]), "Loaded the scenario from the link."); return; }
    catch (err) { status("The link's scenario can't be read.", true); }
  }
  changed();
}
document.addEventListener("DOMContentLoaded", start);
