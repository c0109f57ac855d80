// A player's phone as a private screen for one seat. Plain script, no build step, no CDN.
// The page holds no game data until the table has linked this phone to a seat; everything after
// that arrives over one WebSocket, pushed by the table after every change.
"use strict";

const $ = (id) => document.getElementById(id);
const PEEK_MS = 5000;     // a private card hides itself after this long (as on the table)
const ANSWER_MS = 5000;   // a private night answer, likewise
let ws = null;
let page = null;
let panelKey = "";
let panelChoice = -1;
let ballotChoice = -1;
let peeking = false;
let timers = {};

function show(id) {
  for (const s of ["join", "seat", "card", "panel", "reply"]) $(s).hidden = s !== id;
}

function say(text) { $("message").textContent = text || ""; }

function later(name, ms, fn) {
  clearTimeout(timers[name]);
  timers[name] = setTimeout(fn, ms);
}

// ---- joining -------------------------------------------------------------------------------------
async function hello() {
  let answer;
  try {
    const response = await fetch("/api/hello", { method: "POST", credentials: "same-origin" });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || "The table did not answer.");
  } catch (error) {
    say("Looking for the table…");
    later("hello", 1500, hello);
    return;
  }
  if (answer.linked) { say(""); $("code").textContent = ""; connect(); return; }
  $("code").textContent = answer.code;
  show("join");
  later("hello", 1000, hello);
}

function connect() {
  if (ws && ws.readyState <= 1) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${scheme}//${location.host}/ws`);
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => { ws = null; later("hello", 700, hello); };
}

function send(message) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(message));
  else say("Reconnecting to the table…");
}

// ---- what the table sends ------------------------------------------------------------------------
function receive(m) {
  if (m.t === "page") return render(m);
  if (m.t === "card") return showCard(m);
  if (m.t === "panel") return showPanel(m);
  if (m.t === "done") return done(m);
  if (m.t === "voted") { ballotChoice = -1; say(m.text); return; }
  if (m.t === "error") { say(m.text); return; }
  if (m.t === "unlinked") { ws.close(); }
}

function render(p) {
  const wasNight = page && page.night ? page.night.key : "";
  page = p;
  document.body.classList.toggle("night", !!p.dark);
  $("who").textContent = p.name;
  $("game").textContent = p.game;
  $("headline").textContent = p.headline;
  $("line").textContent = p.line;
  $("timer").textContent = p.timer || "";
  $("timer").hidden = !p.timer;
  const players = $("players");
  players.replaceChildren(...p.players.map(([name, alive]) => {
    const li = document.createElement("li");
    li.textContent = name;
    if (!alive) li.className = "out";
    return li;
  }));
  $("answer").hidden = !p.night;
  $("peek").hidden = !p.can_peek;
  renderBallot(p.ballot);
  const onPanel = !$("panel").hidden || !$("reply").hidden;
  if (onPanel && (!p.night || p.night.key !== panelKey) && $("reply").hidden) backToSeat();
  if (!onPanel && $("card").hidden) show("seat");
  if (p.night && p.night.key !== wasNight) say("");
  if (p.night && !wasNight && sessionStorage.getItem("panel") === p.night.key) send({ t: "open", key: p.night.key });
}

function renderBallot(b) {
  $("ballot").hidden = !b;
  if (!b) return;
  $("ballot-title").textContent = b.title;
  const box = $("ballot-options");
  if (box.dataset.key !== b.key) { ballotChoice = -1; box.dataset.key = b.key; }
  box.replaceChildren(...b.options.map((o, i) => {
    const button = document.createElement("button");
    button.textContent = o.label;
    button.disabled = !o.enabled;
    if (i === ballotChoice) button.className = "selected";
    button.onclick = () => { ballotChoice = i; renderBallot(page.ballot); };
    return button;
  }));
  const confirm = $("ballot-confirm");
  confirm.disabled = ballotChoice < 0;
  confirm.textContent = ballotChoice < 0 ? "Choose first" : `Hold to vote: ${b.options[ballotChoice].label}`;
}

function backToSeat() {
  clearTimeout(timers.reply);
  sessionStorage.removeItem("panel");
  panelKey = "";
  panelChoice = -1;
  // nothing private stays in the page once it is closed, not even hidden
  for (const id of ["panel-title", "panel-hint", "reply-title", "reply-text"]) $(id).textContent = "";
  $("panel-choices").replaceChildren();
  show(page ? "seat" : "join");
}

// ---- the card: shown only while held ---------------------------------------------------------------
function peekStart() { peeking = true; send({ t: "card" }); later("peek", PEEK_MS, peekStop); }
function peekStop() {
  peeking = false;
  clearTimeout(timers.peek);
  for (const id of ["card-rank", "card-title", "card-faction", "card-ability", "card-extra"]) $(id).textContent = "";
  if (!$("card").hidden) show("seat");
}
function showCard(c) {
  if (!peeking) return;
  $("card-for").textContent = `For ${page ? page.name : "you"} only`;
  $("card-rank").textContent = c.card;
  $("card-rank").classList.toggle("suit-red", /[♡♢♥♦]/.test(c.card));
  $("card-title").textContent = c.title;
  $("card-faction").textContent = c.faction;
  $("card-ability").textContent = c.ability;
  $("card-extra").textContent = c.extra;
  show("card");
}

// ---- the night: hold to answer, choose, hold to confirm ------------------------------------------------
function showPanel(p) {
  panelKey = p.key;
  sessionStorage.setItem("panel", p.key);  // a reload during this call opens it again
  panelChoice = -1;
  $("panel-title").textContent = p.title;
  $("panel-hint").textContent = p.hint;
  drawChoices(p);
  show("panel");
}

function drawChoices(p) {
  $("panel-choices").replaceChildren(...p.choices.map((c, i) => {
    const button = document.createElement("button");
    button.textContent = c.label;
    button.disabled = !c.enabled;
    if (i === panelChoice) button.className = "selected";
    button.onclick = () => { panelChoice = i; drawChoices(p); };
    return button;
  }));
  const confirm = $("panel-confirm");
  confirm.hidden = p.choices.length === 0;
  confirm.disabled = panelChoice < 0;
  confirm.textContent = panelChoice < 0 ? "Choose first" : p.choices[panelChoice].confirm;
}

function done(m) {
  if (m.answer) {
    $("reply-title").textContent = $("panel-title").textContent;
    $("reply-text").textContent = m.answer;
    show("reply");
    later("reply", ANSWER_MS, () => { $("reply-text").textContent = ""; backToSeat(); });
  } else {
    backToSeat();
  }
}

// ---- hold-to-confirm buttons: a ring of light fills while the finger stays down ----------------------------
function holdable(button, fire, release) {
  let timer = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
    button.classList.remove("holding");
    if (release) release();
  };
  button.addEventListener("pointerdown", (event) => {
    if (button.disabled) return;
    event.preventDefault();
    button.setPointerCapture && button.setPointerCapture(event.pointerId);
    const ms = Number(button.dataset.hold || 0);
    button.style.setProperty("--hold", `${ms}ms`);
    button.classList.add("holding");
    timer = setTimeout(() => { timer = null; button.classList.remove("holding"); fire(); }, ms);
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) button.addEventListener(type, cancel);
  button.addEventListener("contextmenu", (event) => event.preventDefault());
}

holdable($("answer"), () => { if (page && page.night) send({ t: "open", key: page.night.key }); });
$("peek").addEventListener("pointerdown", (event) => { event.preventDefault(); peekStart(); });
$("peek").addEventListener("contextmenu", (event) => event.preventDefault());
for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, () => { if (peeking) peekStop(); });
holdable($("panel-confirm"), () => { if (panelChoice >= 0) send({ t: "choose", key: panelKey, i: panelChoice }); });
holdable($("ballot-confirm"), () => {
  if (page && page.ballot && ballotChoice >= 0) send({ t: "vote", key: page.ballot.key, i: ballotChoice });
});
$("panel-close").onclick = backToSeat;
document.addEventListener("visibilitychange", () => { if (!document.hidden) hello(); });
hello();
