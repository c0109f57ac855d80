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
let busy = false;
let panelAnswered = false;  // this panel's choice was sent
let moment = "";  // the page's moment (phase, call, ballot): a new one clears what was said
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
const HELLO_MS = 3000;    // a waiting phone asks every 3 s: well inside the table's limit
const SEND_BYTES = 256;   // every message this page sends is this long (its length says nothing)

async function hello() {
  let answer, response;
  try {
    response = await fetch("/api/hello", { method: "POST", credentials: "same-origin" });
    answer = await response.json();
  } catch (error) {
    if (!$("code").textContent) say("Looking for the table…");
    later("hello", HELLO_MS, hello);
    return;
  }
  if (response.status === 429) { later("hello", 2 * HELLO_MS, hello); return; }  // the code still holds
  if (!response.ok) {  // too many phones waiting, or refused: the table's sentence, and try again later
    reset();
    say(answer.error || "The table did not answer.");
    show("join");
    later("hello", 4 * HELLO_MS, hello);
    return;
  }
  if (answer.linked) { $("code").textContent = ""; say(""); connect(); return; }
  if (page) reset();  // this phone lost its seat: back to joining, nothing of the old seat kept
  if ($("code").textContent !== answer.code) say("");
  $("code").textContent = answer.code;
  show("join");
  later("hello", HELLO_MS, hello);
}

function connect() {
  if (ws && ws.readyState <= 1) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws`);
  ws = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (ws === socket) ws = null;
    later("hello", busy ? 4 * HELLO_MS : 700, hello);
    busy = false;
  };
}

function send(message) {
  if (ws && ws.readyState === 1) {
    const text = JSON.stringify({ ...message, _: "" });
    ws.send(JSON.stringify({ ...message, _: " ".repeat(Math.max(0, SEND_BYTES - new TextEncoder().encode(text).length)) }));
  } else say("Reconnecting to the table…");
}

// Everything of a seat forgotten at once: the seat was lost (a new game, another phone took it,
// phones off), so no name, card, panel, ballot or line of it stays in the page, not even hidden.
function reset() {
  page = null;
  moment = "";
  closePanel();
  peekStop();
  renderBallot(null);
  for (const id of ["who", "game", "headline", "line", "timer", "card-for"]) $(id).textContent = "";
  $("players").replaceChildren();
  $("timer").hidden = true;
  $("answer").hidden = true;
  $("peek").hidden = true;
  document.body.classList.remove("night");
  say("");
}

// ---- what the table sends ------------------------------------------------------------------------
function receive(m) {
  if (m.t === "page") return render(m);
  if (m.t === "card") return showCard(m);
  if (m.t === "panel") return showPanel(m);
  if (m.t === "done") return done(m);
  if (m.t === "voted") { ballotChoice = -1; say(m.text); return; }
  if (m.t === "error") { say(m.text); return; }
  if (m.t === "pong") return;
  if (m.t === "busy") { busy = true; say(m.text); return; }
  if (m.t === "unlinked") { reset(); $("code").textContent = ""; show("join"); if (ws) ws.close(); }
}

function render(p) {
  const wasNight = page && page.night ? page.night.key : "";
  const now = [p.seat, p.game, p.headline, p.dark, p.night ? p.night.key : "", p.ballot ? p.ballot.key : ""].join("|");
  if (now !== moment) say("");  // no line outlives its moment ("Your vote is in." ends with the vote)
  moment = now;
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
  if (p.night && !wasNight && sessionStorage.getItem("panel") === p.night.key) send({ t: "open", key: p.night.key });
}

function renderBallot(b) {
  $("ballot").hidden = !b;
  const box = $("ballot-options");
  if (!b) {  // the vote is over (or not this seat's): its names, its choice and its hold go
    ballotChoice = -1;
    delete box.dataset.key;
    box.replaceChildren();
    $("ballot-title").textContent = "";
    $("ballot-confirm").textContent = "Choose first";
    $("ballot-confirm").disabled = true;
    return;
  }
  $("ballot-title").textContent = b.title;
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

function closePanel() {
  // every panel that was opened sends one more message before it is gone: the choice, or else a
  // ping of the same length - so a role's phone and a "Not your call" send as many messages
  if (panelKey && !panelAnswered && ws && ws.readyState === 1) send({ t: "ping" });
  panelAnswered = false;
  clearTimeout(timers.reply);
  sessionStorage.removeItem("panel");
  panelKey = "";
  panelChoice = -1;
  // nothing private stays in the page once it is closed, not even hidden: not the names, not the
  // choice, not the hold's words ("Hold to heal Gus")
  for (const id of ["panel-title", "panel-hint", "reply-title", "reply-text"]) $(id).textContent = "";
  $("panel-choices").replaceChildren();
  $("panel-confirm").textContent = "Choose first";
  $("panel-confirm").disabled = true;
  $("panel-confirm").hidden = false;
}

function backToSeat() {
  closePanel();
  show(page ? "seat" : "join");
}

// ---- the card: shown only while held ---------------------------------------------------------------
function peekStart() { peeking = true; send({ t: "card" }); later("peek", PEEK_MS, peekStop); }
function peekStop() {
  peeking = false;
  clearTimeout(timers.peek);
  for (const id of ["card-for", "card-rank", "card-title", "card-faction", "card-ability", "card-extra"]) $(id).textContent = "";
  $("card-rank").classList.remove("suit-red");
  if (!$("card").hidden) show(page ? "seat" : "join");
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
    // (the ring's time is the stylesheet's --hold: no inline style, so a held button leaves no trace)
    button.classList.add("holding");
    timer = setTimeout(() => {
      timer = null;
      button.classList.remove("holding");
      fire();
    }, ms);
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) button.addEventListener(type, cancel);
  button.addEventListener("contextmenu", (event) => event.preventDefault());
}

holdable($("answer"), () => { if (page && page.night) send({ t: "open", key: page.night.key }); });
$("peek").addEventListener("pointerdown", (event) => { event.preventDefault(); peekStart(); });
$("peek").addEventListener("contextmenu", (event) => event.preventDefault());
for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, () => { if (peeking) peekStop(); });
holdable($("panel-confirm"), () => {
  if (panelChoice >= 0) { panelAnswered = true; send({ t: "choose", key: panelKey, i: panelChoice }); }
});
holdable($("ballot-confirm"), () => {
  if (page && page.ballot && ballotChoice >= 0) send({ t: "vote", key: page.ballot.key, i: ballotChoice });
});
$("panel-close").onclick = backToSeat;
document.addEventListener("visibilitychange", () => { if (!document.hidden) hello(); });
hello();
