<?php
// MiniXiangqi (S. Kusumoto) in plain GAME Code, written for fairyport's interpreter tests (no include).
// 7x7 xiangqi without elephants and advisors: the General steps orthogonally inside its 3x3 palace and may
// not face the other General on an open file; Chariot, Cannon, Horse as in xiangqi; Soldiers step forward or
// sideways from the start and never promote. The piece functions say what a piece attacks.
$default['game'] = 'MiniXiangqi (fairyport test preset)';
$default['code'] = 'rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR';
$default['cols'] = 7;
$default['files'] = 'a b c d e f g';
$default['ranks'] = '1 2 3 4 5 6 7';
$default['shape'] = 'Square Cells';
$default['sides'] = 'White Black';
$default['pregame'] = <<<'NOW'
setflag rules;
set K findpiece K spaces;
set k findpiece k spaces;
set palace1 array c1 d1 e1 c2 d2 e2 c3 d3 e3;
set palace2 array c5 d5 e5 c6 d6 e6 c7 d7 e7;
def K checkleap #0 #1 1 0;
def k checkleap #0 #1 1 0;
def R checkride #0 #1 1 0;
def r checkride #0 #1 1 0;
def C checkhop #0 #1 1 0;
def c checkhop #0 #1 1 0;
def N checkatwostep #0 #1 0 1 1 1 or checkatwostep #0 #1 0 1 -1 1 or checkatwostep #0 #1 0 -1 1 -1 or checkatwostep #0 #1 0 -1 -1 -1 or checkatwostep #0 #1 1 0 1 1 or checkatwostep #0 #1 1 0 1 -1 or checkatwostep #0 #1 -1 0 -1 1 or checkatwostep #0 #1 -1 0 -1 -1;
def n checkatwostep #0 #1 0 -1 1 -1 or checkatwostep #0 #1 0 -1 -1 -1 or checkatwostep #0 #1 0 1 1 1 or checkatwostep #0 #1 0 1 -1 1 or checkatwostep #0 #1 1 0 1 -1 or checkatwostep #0 #1 1 0 1 1 or checkatwostep #0 #1 -1 0 -1 -1 or checkatwostep #0 #1 -1 0 -1 1;
def P checkaleap #0 #1 0 1 or checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;
def p checkaleap #0 #1 0 -1 or checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;
sub attacked sq enemies:
  my from piece;
  foreach (from piece) #enemies:
    if fn #piece #from #sq:
      return true;
    endif;
  next;
  return false;
endsub;
sub legal piece from to capt:
  switch toupper #piece:
    case C:
      if == #capt @:
        return checkride #from #to 1 0;
      endif;
      return checkhop #from #to 1 0;
    case K:
      if == #piece K:
        return fn K #from #to and match #to #palace1;
      endif;
      return fn k #from #to and match #to #palace2;
    default:
      return fn #piece #from #to;
  endswitch;
endsub;
NOW;
$default['postauto1'] = <<<'NOW'
if isupper old:
  die You may not capture your own piece.;
endif;
if not sub legal moved origin dest old:
  die You may not move moved from origin to dest.;
endif;
if == moved K:
  set K dest;
endif;
if sub attacked #K onlylower or checkaride #K #k 0 1:
  die You may not leave your General in check or facing the other General.;
endif;
NOW;
$default['postauto2'] = <<<'NOW'
if islower old:
  die You may not capture your own piece.;
endif;
if not sub legal moved origin dest old:
  die You may not move moved from origin to dest.;
endif;
if == moved k:
  set k dest;
endif;
if sub attacked #k onlyupper or checkaride #K #k 0 1:
  die You may not leave your General in check or facing the other General.;
endif;
NOW;
$default['rules'] = <<<'HTML'
<p>MiniXiangqi (S. Kusumoto), written in plain GAME Code for fairyport's interpreter tests.</p>
HTML;
?>
