#!/usr/bin/env node
// perft with drops, H.G. Muller's Interactive Diagram script deciding every rule (fairyport's own driver).
//
// The shared driver (oracles/idscript/idperft.js, given as the first argument and loaded as a module) runs the
// script's AI, which never drops. This one adds what the page does when a player drops a piece:
//   * the board moves are the shared driver's (legalMoves: the script's generator and its royal-capture test);
//     after each, every enemy piece it took goes to hand through the script's own Hold(piece, holdingsType)
//     (colour flipped, demoted by promoOffset with holdingsType=-1), as MakeMove does for a move on the board;
//   * a drop is every hand entry the side to move holds (hand[1..nType] White, hand[nType+1..2*nType] Black)
//     on every empty square, vetted by the page's WeirdPromotion(100, entry, x, y, 0, -1, -1) where it exists
//     (1022 refuses it, as Move() does), played by the script's MakeMove(100, entry, x, y, -1, -1, promo), and
//     legal unless a reply captures royalty (the shared driver's nodeMoves);
//   * the hand is put back after each move (a copy), the board by UnMake or by emptying the drop square.
//
// Usage: node iddrops.js IDPERFT_JS DEFINITION_FILE DEPTH [--divide] [--quiet]
'use strict';

const args = process.argv.slice(2);
const shared = require(args[0]);

function sq(C, x, y) { return String.fromCharCode(97 + x) + (y + C.rank1); }

function dropMove(x, y, entry) { const m = [x, y, x, y]; m[-2] = 2; m.drop = entry; return m; }

function holdVictims(C, m) {
  for (let k = 1; k < m[-2]; k++) {
    const victim = m[-6 - k];
    if ((victim & 511) && (victim & 511) <= C.nType && ((victim ^ m[-6]) & 1024)) C.Hold(victim, C.holdingsType);
  }
}

function makeDrop(C, m) { C.MakeMove(100, m.drop, m[0], m[1], -1, -1, m.promo); }
function unmakeDrop(C, m) { C.board[m[1]][m[0]] = 0; C.CountRoyals(); }

function legalDrops(C, side, last) {
  const drops = [];
  if (!C.holdingsType) return drops;
  const first = side ? C.nType + 1 : 1;
  for (let entry = first; entry < first + C.nType; entry++) {
    if (!(C.hand[entry] > 0)) continue;
    for (let y = 0; y < C.ranks; y++) for (let x = 0; x < C.files; x++) {
      if (C.board[y][x] !== 0) continue;
      let promo = 0;
      if (typeof C.WeirdPromotion === 'function') promo = C.WeirdPromotion(100, entry, x, y, 0, -1, -1);
      if (promo === 1022) continue;
      const m = dropMove(x, y, entry); m.promo = promo & 2047;
      const hand = C.hand.slice();
      makeDrop(C, m);
      const reply = shared.nodeMoves(C, side ^ 1024, m, last);
      unmakeDrop(C, m); C.hand = hand;
      if (reply !== null) drops.push(m);
    }
  }
  return drops;
}

function play(C, m, side, last, depth, count) {
  const hand = C.hand.slice(), oldImi = C.imi;
  if (m.drop) makeDrop(C, m); else { C.NewMakeMove(m); holdVictims(C, m); }
  const n = count(C, side ^ 1024, m, last, depth - 1);
  if (m.drop) unmakeDrop(C, m); else C.UnMake(m);
  C.hand = hand; C.imi = oldImi;
  return n;
}

function moves(C, side, last, preLast) {
  return shared.legalMoves(C, side, last, preLast).concat(legalDrops(C, side, last));
}

function perft(C, side, last, preLast, depth) {
  const list = moves(C, side, last, preLast);
  if (depth === 1) return list.length;
  let n = 0;
  for (const m of list) n += play(C, m, side, last, depth, perft);
  return n;
}

function name(C, m) {
  if (!m.drop) return shared.moveName(C, m);
  return C.ids[m.drop > C.nType ? m.drop - C.nType : m.drop] + '@' + sq(C, m[0], m[1]);
}

function main() {
  const pos = args.slice(1).filter(a => !a.startsWith('--'));
  if (pos.length < 2) {
    console.error('usage: node iddrops.js IDPERFT_JS DEFINITION_FILE DEPTH [--divide] [--quiet]');
    process.exit(2);
  }
  const depth = parseInt(pos[1], 10);
  const { C, last, errors } = shared.setupGame(shared.readDefinition(pos[0]), 12345, false);
  if (errors.length) console.log('script errors: ' + errors.join(' | '));
  if (!args.includes('--quiet')) console.log(shared.boardString(C));
  for (let d = 1; d <= depth; d++) {
    const t0 = Date.now();
    const n = perft(C, 0, last, null, d);
    console.log('perft(' + d + ') = ' + n + '   (' + ((Date.now() - t0) / 1000).toFixed(1) + ' s)');
  }
  if (args.includes('--divide')) {
    const rows = moves(C, 0, last, null).map(m => [name(C, m), depth > 1 ? play(C, m, 0, last, depth, perft) : 1]);
    rows.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    console.log('divide(' + depth + '):');
    for (const [n, k] of rows) console.log('  ' + n + ': ' + k);
  }
}

main();
