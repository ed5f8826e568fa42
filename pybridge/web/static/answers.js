// The answers on the page: each ask's verdict in plain words first (the server's `words`, made
// by pybridge/answer/words.py, the same sentences the command line prints), the expectation and
// the note on text the rules did not read as sentences, and the details folded below: the value,
// the rules cited and the explanation's steps.  Loaded before app.js; user text only as text.
"use strict";

function ruleLink(number) {
  return h("a", {href: `/api/rules/${encodeURIComponent(number)}`, class: "rule", "data-rule": number,
                 onclick: (e) => { e.preventDefault(); showRule(number); }}, number);
}

// A value in words: lists joined, tables as "key value", no JSON.
function plainValue(v) {
  if (v === null || v === undefined || v === "null") return "none";
  if (v === true || v === false) return v ? "yes" : "no";
  if (Array.isArray(v)) return v.length ? v.map(plainValue).join(", ") : "nothing";
  if (typeof v === "object") {
    if ("card" in v && "may_look" in v) {
      return `${v.card} (${(v.may_look || []).join(", ") || "no player"} may look at it)`;
    }
    return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, " ")} ${plainValue(x)}`).join("; ");
  }
  return v === "" ? "—" : String(v);
}

// How many orders (and choices) lead to an outcome: the answer's `orders`, matched by value.
function ordersOf(orders, outcome) {
  const row = (orders || []).find((r) => JSON.stringify(r.answer) === JSON.stringify(outcome));
  if (!row) return null;
  return h("span", {class: "orders"}, `${row.orders} ${row.orders === 1 ? "way leads" : "ways lead"} here`);
}

function answerValue(answer, orders) {
  if (answer === "unknown") return h("span", {class: "unknown"}, "unknown");
  if (Array.isArray(answer)) {
    if (!answer.length) return h("span", {class: "chip none"}, "nothing");
    return answer.map((v) => h("span", {class: "chip"}, typeof v === "object" ? plainValue(v) : (v === "" ? "no mana" : String(v))));
  }
  if (answer && typeof answer === "object") {
    if (Array.isArray(answer.outcomes)) {
      return h("ol", {class: "outcomes"}, answer.outcomes.map((o) => h("li", {}, answerValue(o), ordersOf(orders, o))));
    }
    return h("table", {class: "chars"}, Object.entries(answer).map(([k, v]) =>
      h("tr", {}, h("th", {}, k.replace(/_/g, " ")), h("td", {}, plainValue(v)))));
  }
  return h("span", {class: "chip"}, plainValue(answer));
}

function groupHeading(group) {
  const parts = [];
  if ("result" in group) parts.push(h("span", {class: "chip"}, group.result === "" ? "no mana" : group.result));
  if ("orders" in group) {
    const n = group.orders;
    parts.push(h("span", {class: "orders"}, `${n} ${n === 1 ? "order leads" : "orders lead"} here`));
  }
  for (const [k, v] of Object.entries(group)) {
    if (["steps", "result", "orders", "about"].includes(k)) continue;
    parts.push(h("span", {class: "group-field"}, `${k.replace(/_/g, " ")}: ${plainValue(v)}`));
  }
  return parts;
}

// Which answers have their details unfolded (kept across re-asks), by kind and target.
const openAnswers = new Set();

function answerArticle(a) {
  const words = a.words || {};
  const key = `${a.kind}:${a.target}`;
  const expectClass = a.ok === true && a.trusted !== false ? "ok" : a.ok === false ? "failed" : "unknown";
  const kind = kinds.find((k) => k.name === a.kind) || {options: [], label: a.kind};
  const options = kind.options
    .filter((o) => o.key in a).map((o) => `${o.key} ${a[o.key]}`).join(", ");
  return h("article", {class: "answer", "data-kind": a.kind, "data-target": a.target},
    h("p", {class: "verdict"}, words.verdict || plainValue(a.answer)),
    words.expect ? h("p", {class: `expectation ${expectClass}`}, words.expect) : null,
    (words.unmodelled || []).map((s) => h("p", {class: "detail ignores"}, s)),
    h("details", {class: "answer-more", open: openAnswers.has(key),
                  ontoggle: (e) => { if (e.target.open) openAnswers.add(key); else openAnswers.delete(key); }},
      h("summary", {}, `details: ${kind.label} of ${a.target}${options ? ` (${options})` : ""}`),
      h("div", {class: "value"}, answerValue(a.answer, a.orders)),
      a.cites && a.cites.length ? h("p", {class: "cites"}, "rules: ", a.cites.flatMap((c, i) => i ? [", ", ruleLink(c)] : [ruleLink(c)])) : null,
      (a.explain || []).map((group) => h("div", {class: "group"},
        h("div", {class: "group-head"}, groupHeading(group)),
        h("ol", {}, group.steps.map(stepItem))))));
}

// A step and its rule, once: a sentence naming its rule links it, one ending in its own rules'
// numbers "(613.8b)" gets the step's rule among them (as the text output's Step.line).
function stepItem(s) {
  if (!s.rule || s.text.includes(`rule ${s.rule}`)) return h("li", {}, s.text);
  const own = s.text.match(/ \((\d{3}(?:\.\d+[a-z]?)?(?:, \d{3}(?:\.\d+[a-z]?)?)*)\)$/);
  if (!own) return h("li", {}, s.text, " ", h("span", {class: "rule-ref"}, "(", ruleLink(s.rule), ")"));
  const numbers = own[1].split(", ");
  if (!numbers.includes(s.rule)) numbers.push(s.rule);
  return h("li", {}, s.text.slice(0, own.index), " ", h("span", {class: "rule-ref"}, "(",
    numbers.flatMap((n, i) => i ? [", ", ruleLink(n)] : [ruleLink(n)]), ")"));
}

function renderAnswers(result) {
  $("answers").replaceChildren(...result.answers.map(answerArticle));
  const graph = $("graph");
  graph.replaceChildren();
  $("graph-side").hidden = !(result.svg || result.svg_note);
  if (result.svg || result.svg_note) {
    $("answers").append(h("p", {class: "note"}, h("a", {href: "#graph-side", onclick: (e) => {
      e.preventDefault(); $("graph-side").scrollIntoView({behavior: "smooth"}); }}, "The state graph"),
      " of the mana questions is below the board."));
  }
  if (result.svg) {
    const svg = new DOMParser().parseFromString(result.svg, "image/svg+xml").documentElement;
    // Graphviz's output, but treated as untrusted all the same: no scripts, no handlers.
    svg.querySelectorAll("script, foreignObject").forEach((n) => n.remove());
    svg.querySelectorAll("*").forEach((n) => [...n.attributes].forEach((at) => { if (at.name.startsWith("on")) n.removeAttribute(at.name); }));
    const picture = h("div", {class: "picture fit", title: "click: fit to the page / full size",
                              onclick: () => picture.classList.toggle("fit")},
                      document.importNode(svg, true));
    // The count of orders behind each result, beside the picture of the states they pass.
    const counts = result.answers.filter((a) => a.explain && a.explain.some((g) => "orders" in g)).map((a) =>
      h("p", {class: "counts"}, h("b", {}, cardOf(a.target), ` (${a.target})`), ": ",
        a.explain.flatMap((g, i) => [i ? ", " : "", h("span", {class: "chip"}, g.result === "" ? "no mana" : g.result),
          ` by ${g.orders} ${g.orders === 1 ? "order" : "orders"}`])));
    graph.append(...counts, picture);
  } else if (result.svg_note) {
    graph.append(h("p", {class: "note"}, result.svg_note + " (the DOT text follows)"), h("pre", {}, result.dot));
  }
}

async function showRule(number) {
  const box = $("rule-box");
  $("rule-number").textContent = `Rule ${number}`;
  $("rule-text").replaceChildren(h("p", {class: "note"}, "…"));
  box.hidden = false;
  try {
    const rule = await api(`/api/rules/${encodeURIComponent(number)}`);
    $("rule-text").replaceChildren(h("div", {}, h("p", {}, rule.text),
      rule.examples.map((x) => h("p", {class: "example"}, x)),
      rule.subrules.length ? h("ul", {}, rule.subrules.map((s) => h("li", {}, ruleLink(s.number), " ", s.text))) : null));
  } catch (err) { $("rule-text").replaceChildren(h("p", {class: "error"}, err.message)); }
}

// The card of an object the answer names: the board's permanent or card of that id (a new
// object "ID_N" of the events is ID's card), else the id itself.
function cardOf(id) {
  const rows = [...(scenario.permanent || []), ...(scenario.card || [])];
  for (let key = id; key; key = /_\d+$/.test(key) ? key.replace(/_\d+$/, "") : "") {
    const row = rows.find((r) => r.id === key);
    if (row) return cardLabel(row);
  }
  return id;
}

// What a row of the board is: its card, or the token a card's effect created (rule 111).
function cardLabel(row) {
  return row.card || (row.token ? `a token of ${row.token}` : row.id);
}

// --- the card panel: type line, cost, Oracle text, what each ability compiled to, rulings ---
async function showCard(name) {
  const box = $("card-box");
  $("card-title").textContent = name;
  $("card-body").replaceChildren(h("p", {class: "note"}, "…"));
  box.hidden = false;
  try {
    const card = await cardInfo(name);
    $("card-title").textContent = card.name;
    $("card-body").replaceChildren(
      ...card.faces.map((f) => h("section", {class: "face"},
        card.faces.length > 1 ? h("h4", {}, f.name) : null,
        h("p", {class: "type-line"}, f.type_line, f.mana_cost ? h("span", {class: "cost"}, f.mana_cost) : null),
        f.oracle_text ? h("div", {class: "oracle"}, f.oracle_text.split("\n").map((line) => h("p", {}, line))) : null,
        f.power !== null && f.power !== undefined ? h("p", {class: "pt"}, `${f.power}/${f.toughness}`) : null,
        f.loyalty !== null && f.loyalty !== undefined ? h("p", {class: "pt"}, `loyalty ${f.loyalty}`) : null)),
      h("h4", {}, "What each ability compiled to"),
      card.abilities.length ? h("ul", {class: "compiled"}, card.abilities.map((ab) => h("li", {class: ab.modelled ? "modelled" : "unmodelled"},
        h("b", {}, `${ab.label}: `), ab.text, h("br"),
        ab.modelled ? h("span", {class: "note"}, `read by the ${ab.source}`) : h("span", {class: "unknown"}, `not modelled: ${ab.why}`),
        ab.facts.length ? h("pre", {class: "facts"}, ab.facts.join("\n")) : null))) : h("p", {class: "note"}, "no abilities"),
      h("h4", {}, `Rulings (${card.rulings.length})`),
      card.rulings.length ? h("ul", {class: "rulings"}, card.rulings.map((r) => h("li", {}, h("time", {}, r.date), " ", r.text)))
        : h("p", {class: "note"}, "no official rulings"));
  } catch (err) { $("card-body").replaceChildren(h("p", {class: "error"}, err.message)); }
}

const cardInfos = new Map();
function cardInfo(name) {
  if (!cardInfos.has(name)) {
    const found = api(`/api/card?name=${encodeURIComponent(name)}`);
    found.catch(() => cardInfos.delete(name));
    cardInfos.set(name, found);
  }
  return cardInfos.get(name);
}
