<?php
// Written for fairyport's validate --run tests: code that running it shows to be dead. The Pawns move
// sideways only, so they never reach the last rank where the promotion code would make them Queens; the
// subroutine 'unused' is called by no code; the branch 'if > 8 9' is never taken.
$default['game'] = 'Dead code (fairyport test preset)';
$default['code'] = '2k2/p4/5/4P/2K2';
$default['cols'] = 5;
$default['pregame'] = <<<'NOW'
def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def P checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;
def p checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;
def Q checkride #0 #1 1 0 or checkride #0 #1 1 1;
def q checkride #0 #1 1 0 or checkride #0 #1 1 1;
sub unused x:
  return + #x 1;
endsub;
NOW;
$default['postauto1'] = <<<'NOW'
if isupper old or not fn moved origin dest:
  die You may not move moved from origin to dest.;
endif;
if == moved P and == rank dest 4:
  add Q dest;
endif;
if > 8 9:
  say never;
endif;
NOW;
$default['postauto2'] = <<<'NOW'
if islower old or not fn moved origin dest:
  die You may not move moved from origin to dest.;
endif;
if == moved p and == rank dest 0:
  add q dest;
endif;
NOW;
$default['rules'] = '<p>Kings and sideways Pawns on 5x5: dead code for fairyport tests.</p>';
?>
