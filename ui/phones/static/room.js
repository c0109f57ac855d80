// The room's public screen: what the table's shared screen shows (who is alive, the stats, the
// countdown, the vote, the call's words, the end). No seat, no cookie; it only listens.
"use strict";

const $ = (id) => document.getElementById(id);

function items(list, make) {
  return list.map((x) => { const li = document.createElement("li"); make(li, x); return li; });
}

function render(p) {
  document.body.classList.toggle("night", !!p.dark);
  $("game").textContent = p.game;
  $("headline").textContent = p.headline;
  $("line").textContent = p.line;
  $("timer").textContent = p.timer || "";
  $("timer").hidden = !p.timer;
  $("facts").replaceChildren(...items(p.facts, (li, f) => { li.textContent = f; }));
  $("players").replaceChildren(...items(p.players, (li, [name, alive]) => {
    li.textContent = name;
    if (!alive) li.className = "out";
  }));
  $("reveal").replaceChildren(...items(p.reveal, (li, r) => { li.textContent = r; }));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws/room`);
  ws.onmessage = (event) => render(JSON.parse(event.data));
  ws.onclose = () => { $("headline").textContent = "Looking for the table…"; setTimeout(connect, 3000); };
}

connect();
