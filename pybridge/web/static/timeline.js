// What happens, on the page: the cards off the battlefield (hand, library, graveyard, exile, the
// stack), the events in order, the board after each event (as the rules place every object) and
// a question about any object or player.  Every key, event kind and zone comes from the declared
// scenario contract (GET /api/contract); a key is edited as text and read by its declared type.
// Loaded after answers.js, before app.js; user text only as text.
"use strict";

let contract = {tables: {}, event_kinds: [], zones: [], face_down: []};

async function loadContract() {
  try { contract = await api("/api/contract"); }
  catch (err) { status(`The scenario's keys can't be loaded: ${err.message}`, true); }
}
function tableKeys(table) {
  return contract.tables[table] || [];
}

// --- a key's value as text, and back, by its declared type ---
function isTableType(type) { return type.startsWith("`{"); }
// A table whose values are lists of card names: written "Card | Card" (names hold spaces).
function cardList(type) { return /\["Card"/.test(type); }
// A nested table's value, "kind:N kind:N" (`{ PLAYER = { KIND = N } }`).
function innerTable(text) {
  const out = {};
  for (const part of text.split(/\s+(?=[^\s:]+:)/)) {
    const m = part.match(/^(.+?):(.*)$/);
    if (m) out[m[1].trim()] = /^\d+$/.test(m[2].trim()) ? Number(m[2].trim()) : m[2].trim();
  }
  return out;
}
function keyText(type, value) {
  if (value === undefined || value === null) return "";
  if (isTableType(type) && typeof value === "object") {
    const inner = (v) => Array.isArray(v) ? v.join(cardList(type) ? " | " : " ")
      : v && typeof v === "object" ? Object.entries(v).map(([a, b]) => `${a}:${b}`).join(" ") : v;
    return Object.entries(value).map(([k, v]) => `${k}=${inner(v)}`).join("; ");
  }
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}
function keyValue(type, text) {
  const t = text.trim();
  if (t === "") return undefined;
  if (isTableType(type)) {
    const out = {};
    for (const part of t.split(/\s*[;,]\s*(?=[^,;=]+=)/)) {
      const m = part.match(/^([^=]+?)\s*=\s*(.*)$/);
      if (!m) throw new Error(`write ${type.replace(/`/g, "")} as key=value; key=value (not “${part}”)`);
      const v = m[2].trim();
      out[m[1].trim()] = / = \{/.test(type) ? innerTable(v)
        : /= N \}|KIND = N/.test(type) ? Number(v)
        : cardList(type) ? (v.includes("|") || /^\[/.test(type.split("= ")[1]) ? v.split("|").map((x) => x.trim()).filter(Boolean) : v)
        : /\[.*\]/.test(type) ? v.split(/\s+/) : v;
    }
    return out;
  }
  if (type === "bool") return t === "true" || t === "yes";
  if (type.startsWith("bool,")) return t === "true" ? true : t === "false" ? false : t;
  if (type === "integer") return Number(t);
  if (type.startsWith("list of")) return t.split(",").map((s) => s.trim()).filter(Boolean);
  if (type.endsWith("or list")) return t.includes(",") ? t.split(",").map((s) => s.trim()).filter(Boolean) : t;
  return t;
}
// A text field for a key of a table row, read by its type; `skip`: keys shown otherwise.
function keyFields(table, row, skip, write = (key, value) => setField(row, key, value)) {
  return tableKeys(table).filter((k) => !skip.includes(k.name)).map((k) =>
    field(k.name.replace(/_/g, " "), h("input", {type: "text", value: keyText(k.type, row[k.name]),
      placeholder: k.type.replace(/`/g, ""), "data-key": k.name,
      onchange: (e) => {
        try { write(k.name, keyValue(k.type, e.target.value)); changed(); }
        catch (err) { status(`${k.name.replace(/_/g, " ")}: ${err.message}`, true); }
      }}), `${k.doc} (default: ${k.default.replace(/`/g, "")})`));
}

// --- every id a question or an event may name: permanents, cards, the new objects events make ---
function cards() { return scenario.card || []; }
function events() { return scenario.event || []; }
function eventKind(e) { return contract.event_kinds.find((k) => k in e); }
function eventObjects(e) {
  const v = e[eventKind(e)];
  return Array.isArray(v) ? v : v ? [v] : [];
}
// A moving event's objects become new objects, ID_N for the event numbered N (rule 400.7).
function knownIds() {
  const ids = [...permanents().map((p) => p.id), ...cards().map((c) => c.id)];
  events().forEach((e, i) => {
    if (["turn_face_up", "turn_face_down", "activate"].includes(eventKind(e))) return;
    for (const o of eventObjects(e)) ids.push(`${o}_${i + 1}`);
  });
  return [...new Set(ids)];
}
function renderIdList() {
  $("object-ids").replaceChildren(...[...knownIds(), ...players()].map((id) => h("option", {value: id})));
}

// --- the cards off the battlefield ---
// The questions about any object a card is offered: those whose declared offer its card meets
// (after events, for where it goes, who saw it, what triggered).
function objectKinds() {
  const hasEvents = events().length > 0;
  return kinds.filter((k) => k.target === "object" && (!k.offer || !k.offer.events || hasEvents));
}

function renderCards() {
  const list = cards();
  $("zones").replaceChildren(...(list.length ? contract.zones.filter((zone) => list.some((c) => c.zone === zone)).map((zone) => {
    const here = list.filter((c) => c.zone === zone);
    return h("div", {class: "zone", "data-zone": zone}, h("h3", {}, zone),
      here.map((c) => h("div", {class: "card-row", "data-id": c.id},
        h("button", {type: "button", class: "card-name link", onclick: () => showCard(c.card)}, c.card),
        h("code", {class: "perm-id"}, c.id),
        h("span", {class: "ask-buttons"}, objectKinds().map(({name, doc, label}) => h("button", {type: "button", class: "ask",
          "data-kind": name, title: `ask ${name.replace(/_/g, " ")} of ${c.id}: ${doc}`, onclick: () => askOne(name, c.id)},
          label))),
        field("zone", select(contract.zones, c.zone, (v) => { if (v) { c.zone = v; changed(); } })),
        field("owner", select(players(), c.owner || players()[0], (v) => { setField(c, "owner", v === players()[0] ? undefined : v); changed(); }, players()[0])),
        keyFields("card", c, ["id", "card", "zone", "owner"]),
        h("button", {type: "button", class: "remove", title: `remove ${c.id}`, onclick: () => {
          scenario.card = list.filter((x) => x !== c); if (!scenario.card.length) delete scenario.card; changed(); }}, "×"))));
  }) : [h("p", {class: "note"}, "no cards off the battlefield yet")]));
}

async function addCard(text, zone, input) {
  if (!text.trim()) return;
  try {
    const card = await resolveCard(text);
    const c = {id: freshId(card), card, zone};
    await checkBoard({...scenario, card: [...cards(), c]});
    (scenario.card = cards()).push(c);
    input.value = "";
    status(`Added ${card} to the ${zone} as ${c.id}.`);
    changed();
  } catch (err) { status(err.message, true); }
}

// --- the events, in order ---
function renderEvents() {
  const list = events();
  $("events").replaceChildren(...list.map((e, i) => {
    const kind = eventKind(e) || "?";
    const objects = h("input", {type: "text", list: "object-ids", value: keyText("list", e[kind]), "aria-label": `event ${i + 1} objects`,
      onchange: (ev) => { const v = keyValue("permanent id or list", ev.target.value); if (v !== undefined) { e[kind] = kind === "enter" && !Array.isArray(v) ? [v] : v; changed(); } }});
    const set = tableKeys("event").filter((k) => !contract.event_kinds.includes(k.name) && e[k.name] !== undefined).map((k) => k.name);
    return h("li", {class: "event", "data-event": i + 1, "data-kind": kind},
      h("div", {class: "event-head"},
        h("b", {}, `${i + 1}. ${kind.replace(/_/g, " ")}`), objects,
        h("button", {type: "button", title: "earlier", disabled: i === 0, onclick: () => { list.splice(i - 1, 0, list.splice(i, 1)[0]); changed(); }}, "↑"),
        h("button", {type: "button", title: "later", disabled: i === list.length - 1, onclick: () => { list.splice(i + 1, 0, list.splice(i, 1)[0]); changed(); }}, "↓"),
        h("button", {type: "button", class: "after", onclick: () => showBoardAfter(i + 1)}, "board after"),
        h("button", {type: "button", class: "remove", title: `remove event ${i + 1}`, onclick: () => {
          list.splice(i, 1); if (!list.length) delete scenario.event; changed(); }}, "×")),
      h("details", {class: "more", open: set.length > 0},
        h("summary", {}, set.length ? `with ${set.map((k) => k.replace(/_/g, " ")).join(", ")}` : "more"),
        h("div", {class: "fields"}, keyFields("event", e, contract.event_kinds))));
  }));
  $("add-event").elements.kind.replaceChildren(...contract.event_kinds.map((k) => h("option", {value: k}, k.replace(/_/g, " "))));
}

function addEvent(kind, text) {
  const v = keyValue("permanent id or list", text);
  if (v === undefined) { status("Name the objects the event moves or turns.", true); return; }
  (scenario.event = events()).push({[kind]: kind === "enter" && !Array.isArray(v) ? [v] : v});
  status(`Added event ${events().length}: ${kind.replace(/_/g, " ")} ${keyText("list", v)}.`);
  changed();
}

// The board after the first N events, as the rules place each object: the scenario cut after
// event N, asked `zone` of every object the page knows (a kind the contract declares).
async function showBoardAfter(n) {
  const zoneKind = kinds.find((k) => k.name === boardView);
  const box = $("after");
  box.replaceChildren(h("p", {class: "note"}, `The board after event ${n}…`));
  if (!zoneKind) return;
  const ids = [...permanents().map((p) => p.id), ...cards().map((c) => c.id)];
  const doc = {...scenario, event: events().slice(0, n), ask: ids.map((id) => ({[zoneKind.name]: id}))};
  try {
    const result = await postJSON("/api/ask", doc);
    const byZone = {};
    for (const a of result.answers) {
      const where = typeof a.answer === "string" ? a.answer : "unknown";
      (byZone[where] = byZone[where] || []).push(a);
    }
    box.replaceChildren(h("h3", {}, `After event ${n}`),
      h("div", {class: "after-zones"}, Object.entries(byZone).map(([zone, list]) => h("div", {class: "zone", "data-zone": zone},
        h("h4", {}, zone), h("ul", {}, list.map((a) => h("li", {}, `${cardOf(a.target)} (${a.object || a.target})`)))))),
      h("p", {class: "note"}, result.answers.map((a) => a.words.verdict).join(" ")));
  } catch (err) { box.replaceChildren(h("p", {class: "error"}, err.message)); }
}

// --- a question about any object or player ---
function renderAskForm() {
  $("add-ask").elements.kind.replaceChildren(...kinds.map((k) => h("option", {value: k.name, title: k.doc}, k.label)));
}

function wireTimeline() {
  $("add-card").addEventListener("submit", (e) => {
    e.preventDefault();
    addCard(e.target.elements.card.value, e.target.elements.zone.value, e.target.elements.card);
  });
  $("add-card").elements.card.addEventListener("input", (e) => suggestCards(e.target.value));
  $("add-event").addEventListener("submit", (e) => {
    e.preventDefault();
    addEvent(e.target.elements.kind.value, e.target.elements.objects.value);
    e.target.elements.objects.value = "";
  });
  $("add-ask").addEventListener("submit", (e) => {
    e.preventDefault();
    const kind = e.target.elements.kind.value, target = e.target.elements.target.value.trim();
    if (!target) { status("Name what the question is about.", true); return; }
    askOne(kind, target);
    e.target.elements.target.value = "";
  });
}

// Every key of [game] the head of the page doesn't show, read by its declared type.
function renderGameKeys() {
  $("game-keys").replaceChildren(...keyFields("game", scenario.game || {}, ["players", "active_player"], setGame));
}

function renderTimeline() {
  renderGameKeys();
  $("add-card").elements.zone.replaceChildren(...contract.zones.map((z) => h("option", {value: z}, z)));
  if (scenario.event && !scenario.event.length) delete scenario.event;
  if (scenario.card && !scenario.card.length) delete scenario.card;
  renderCards(); renderEvents(); renderIdList();
}
