<?php
// A small royal game written for fairyport's interpreter tests: Kings and Wazirs on 5x5, no promotion.
// Post-Move rejects moves that leave the mover's King attacked; Post-Game records the next side's legal
// moves with setlegal by making each candidate move on the board, testing it and taking it back.
$default['game'] = 'Wazir skirmish (fairyport test preset)';
$default['code'] = 'wwkww/5/5/5/WWKWW';
$default['cols'] = 5;
$default['pregame'] = <<<'NOW'
set K findpiece K spaces;
set k findpiece k spaces;
def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def W checkleap #0 #1 1 0;
def w checkleap #0 #1 1 0;
sub attacked sq enemies:
  my from piece;
  for (from piece) #enemies:
    if fn #piece #from #sq:
      return true;
    endif;
  next;
  return false;
endsub;
sub recordlegal side:
  my from piece to saved king;
  if == #side 1:
    set mine onlyupper;
  else:
    set mine onlylower;
  endif;
  for (from piece) #mine:
    for to keys spaces:
      if != #from #to and fn #piece #from #to:
        set saved space #to;
        if == #side 1 and not isupper #saved:
          move #from #to;
          set king cond == #piece K #to #K;
          if not sub attacked #king onlylower:
            setlegal #from #to;
          endif;
          move #to #from;
          add #saved #to;
        elseif == #side 2 and not islower #saved:
          move #from #to;
          set king cond == #piece k #to #k;
          if not sub attacked #king onlyupper:
            setlegal #from #to;
          endif;
          move #to #from;
          add #saved #to;
        endif;
      endif;
    next;
  next;
endsub;
NOW;
$default['postauto1'] = <<<'NOW'
if isupper old or not fn moved origin dest:
  die You may not move moved from origin to dest.;
endif;
if == moved K:
  set K dest;
endif;
if sub attacked #K onlylower:
  die You may not leave your King in check.;
endif;
NOW;
$default['postauto2'] = <<<'NOW'
if islower old or not fn moved origin dest:
  die You may not move moved from origin to dest.;
endif;
if == moved k:
  set k dest;
endif;
if sub attacked #k onlyupper:
  die You may not leave your King in check.;
endif;
NOW;
$default['postgame1'] = <<<'NOW'
gosub recordlegal 2;
NOW;
$default['postgame2'] = <<<'NOW'
gosub recordlegal 1;
NOW;
$default['rules'] = <<<'HTML'
<p>Kings and Wazirs on 5x5: a small royal game for fairyport's interpreter tests.</p>
HTML;
?>
