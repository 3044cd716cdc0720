<?php
// A small drop game written for fairyport's interpreter tests: Kings and Wazirs on 4x4. A captured piece goes
// to the captor's storage rank (labels beginning with '!', as the Game Courier drop tutorial keeps pieces in
// hand: White's '!w' below the board, Black's '!b' above it), changing sides, and may later be dropped from
// there on any empty square. Moves leaving the mover's King attacked are rejected. Its model is wazirdrops.json.
$default['game'] = 'Wazir drops (fairyport test preset)';
$default['code'] = '4/2wk/4/4/KW2/4';
$default['cols'] = 4;
$default['files'] = 'a b c d';
$default['ranks'] = '!w 1 2 3 4 !b';
$default['pregame'] = <<<'NOW'
set K findpiece K spaces;
set k findpiece k spaces;
def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def W checkleap #0 #1 1 0;
def w checkleap #0 #1 1 0;
def inplay > rank #0 0 and < rank #0 5;
sub attacked sq enemies:
  my from piece;
  for (from piece) #enemies:
    if fn inplay #from and fn #piece #from #sq:
      return true;
    endif;
  next;
  return false;
endsub;
sub stow piece hand:
  my sq lab;
  for (sq lab) spaces:
    if == rank #sq #hand and == #lab @:
      add #piece #sq;
      return true;
    endif;
  next;
  return false;
endsub;
NOW;
$default['postauto1'] = <<<'NOW'
if not fn inplay dest:
  die Pieces move and drop onto the board only.;
endif;
if isupper old:
  die You may not capture your own piece.;
endif;
if fn inplay origin:
  if not fn moved origin dest:
    die You may not move moved from origin to dest.;
  endif;
elseif != old @:
  die A piece is dropped on an empty square.;
endif;
if == moved K:
  set K dest;
endif;
if sub attacked #K onlylower:
  die You may not leave your King in check.;
endif;
if != old @:
  gosub stow toupper old 0;
endif;
NOW;
$default['postauto2'] = <<<'NOW'
if not fn inplay dest:
  die Pieces move and drop onto the board only.;
endif;
if islower old:
  die You may not capture your own piece.;
endif;
if fn inplay origin:
  if not fn moved origin dest:
    die You may not move moved from origin to dest.;
  endif;
elseif != old @:
  die A piece is dropped on an empty square.;
endif;
if == moved k:
  set k dest;
endif;
if sub attacked #k onlyupper:
  die You may not leave your King in check.;
endif;
if != old @:
  gosub stow tolower old 5;
endif;
NOW;
$default['rules'] = '<p>Kings and Wazirs on 4x4; captured pieces change sides and may be dropped.</p>';
?>
