<?php
// FIDE chess in plain GAME Code, written for fairyport's interpreter tests (no include library).
// Piece functions test captures (attacks); Post-Move checks the moved piece with them, handles the pawn's
// moves, castling, en passant and promotion (a second sub-move such as "Q-e8"), and rejects moves that
// leave the mover's King attacked.
$default['game'] = 'Chess (fairyport test preset)';
$default['code'] = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
$default['cols'] = 8;
$default['files'] = 'a b c d e f g h';
$default['ranks'] = '1 2 3 4 5 6 7 8';
$default['shape'] = 'Square Cells';
$default['sides'] = 'White Black';
$default['pregame'] = <<<'NOW'
setsystem maxmove 2;
setflag rules;
set K findpiece K spaces;
set k findpiece k spaces;
set ep false;
if == K space e1:
  setflag e1;
endif;
if == R space a1:
  setflag a1;
endif;
if == R space h1:
  setflag h1;
endif;
if == k space e8:
  setflag e8;
endif;
if == r space a8:
  setflag a8;
endif;
if == r space h8:
  setflag h8;
endif;
def N checkleap #0 #1 1 2;
def n checkleap #0 #1 1 2;
def B checkride #0 #1 1 1;
def b checkride #0 #1 1 1;
def R checkride #0 #1 1 0;
def r checkride #0 #1 1 0;
def Q fn B #0 #1 or fn R #0 #1;
def q fn b #0 #1 or fn r #0 #1;
def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def P checkaleap #0 #1 1 1 or checkaleap #0 #1 -1 1;
def p checkaleap #0 #1 1 -1 or checkaleap #0 #1 -1 -1;
sub attacked sq byside:
  my from piece;
  if == #byside 1:
    for (from piece) onlyupper:
      if fn #piece #from #sq:
        return true;
      endif;
    next;
  else:
    for (from piece) onlylower:
      if fn #piece #from #sq:
        return true;
      endif;
    next;
  endif;
  return false;
endsub;
sub pawnmove from to capt dir home:
  if != #capt @:
    return checkaleap #from #to 1 #dir or checkaleap #from #to -1 #dir;
  endif;
  if checkaleap #from #to 0 #dir:
    return true;
  endif;
  if checkaleap #from #to 0 * 2 #dir and == rank #from #home and empty where #from 0 #dir:
    return true;
  endif;
  if (checkaleap #from #to 1 #dir or checkaleap #from #to -1 #dir) and == #ep where #to 0 * -1 #dir:
    capture #ep;
    return true;
  endif;
  return false;
endsub;
sub castle from to rook between enemy:
  if not flag #from or not flag #rook or != old @:
    return false;
  endif;
  if != space #rook toupper space #rook and == #enemy 2:
    return false;
  endif;
  if != space #rook tolower space #rook and == #enemy 1:
    return false;
  endif;
  if sub attacked #from #enemy or sub attacked #between #enemy:
    return false;
  endif;
  move #rook #between;
  return true;
endsub;
sub kingmove from to enemy:
  if fn K #from #to:
    return true;
  endif;
  if != #from e1 and != #from e8:
    return false;
  endif;
  if == #to where #from 2 0 and empty where #from 1 0:
    return sub castle #from #to where #from 3 0 where #from 1 0 #enemy;
  endif;
  if == #to where #from -2 0 and empty where #from -1 0 and empty where #from -3 0:
    return sub castle #from #to where #from -4 0 where #from -1 0 #enemy;
  endif;
  return false;
endsub;
NOW;
$default['postauto1'] = <<<'NOW'
if isupper old:
  die You may not capture your own piece.;
endif;
if == moved P:
  set ok sub pawnmove origin dest old 1 1;
elseif == moved K:
  set ok sub kingmove origin dest 2;
else:
  set ok fn moved origin dest;
endif;
if not #ok:
  die You may not move moved from origin to dest.;
endif;
if == moved P and == rank dest 7:
  if not match space dest Q R B N:
    die A Pawn reaching the last rank must promote to Q, R, B or N.;
  endif;
elseif != space dest moved:
  die Only a Pawn on the last rank may promote.;
endif;
if == moved K:
  set K dest;
endif;
if sub attacked #K 2:
  die You may not leave your King in check.;
endif;
unsetflag origin dest;
if == moved P and checkaleap origin dest 0 2:
  set ep dest;
else:
  set ep false;
endif;
NOW;
$default['postauto2'] = <<<'NOW'
if islower old:
  die You may not capture your own piece.;
endif;
if == moved p:
  set ok sub pawnmove origin dest old -1 6;
elseif == moved k:
  set ok sub kingmove origin dest 1;
else:
  set ok fn moved origin dest;
endif;
if not #ok:
  die You may not move moved from origin to dest.;
endif;
if == moved p and == rank dest 0:
  if not match space dest q r b n:
    die A Pawn reaching the last rank must promote to q, r, b or n.;
  endif;
elseif != space dest moved:
  die Only a Pawn on the last rank may promote.;
endif;
if == moved k:
  set k dest;
endif;
if sub attacked #k 1:
  die You may not leave your King in check.;
endif;
unsetflag origin dest;
if == moved p and checkaleap origin dest 0 -2:
  set ep dest;
else:
  set ep false;
endif;
NOW;
$default['rules'] = <<<'HTML'
<p>FIDE chess, written in plain GAME Code for fairyport's interpreter tests.</p>
HTML;
?>
