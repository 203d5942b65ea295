# Hollywood Gin, English.
#
# Selectors used below:
#   $who, $knocker: you | computer (| nobody where said)
#   $how: knock | undercut | gin | big-gin
#   $from: you | computer | upcard
#   $file: settings | series | statistics
# Cards are written as their indices print on the game's cards (8♦, 10♠, K♣): keep the
# symbol right after the rank, which is how the table colours them.

game-title = Hollywood Gin

## The table's buttons. Their keys (T, P, K...) are keys, not words, and are not translated.

button-take = Take
button-pass = Pass
button-knock = Knock ({ $deadwood })
button-knock-plain = Knock
button-cancel-knock = Cancel knock
button-gin = Gin!
button-lay-off-all = Lay off all
button-done = Done
button-next-round = Next round
button-new-series = New series
button-menu = Menu
button-hint = Hint
button-back = Back
button-ok = OK
sort-melds = Melds
sort-rank = Rank
sort-suit = Suit

## The seats.

seat-you = You
seat-computer = Computer · { $level }
seat-name = { $who ->
    [you] You
   *[computer] Computer
}
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-expert = Expert
# The letter on the dealer's chip.
dealer-chip = D
# The tag on the card just taken from the pile, which may not be thrown back this turn.
tag-taken = taken

## What to do now, above the player's hand.

status-dealing = Dealing…
status-upcard = Take the upcard or pass.
status-draw = Draw: click or drag the stock or the discard pile.
status-knock = Knock: click the card to discard (lit cards allow it), or Cancel knock.
status-discard = Discard: double-click a card or drag it onto the pile.
status-layoff = The computer knocked. Drag cards onto the knocker's melds, then Done.
status-thinking = The computer is thinking…
status-deadwood = Your deadwood: { $deadwood }

## Refused moves.

refused-round-over = The round is over.
refused-not-your-turn = It is not your turn.
refused-wrong-phase = You can't do that now.
refused-not-in-hand = The { $card } is not in your hand.
refused-taken-card = You just took the { $card } from the pile: it can't go straight back.
refused-must-draw-stock = Both players passed the upcard: draw from the stock.
refused-long-round = This round has gone on for { $moves } moves: from now on every draw is from the stock, so that it ends.
refused-series-too-long = This series has { $rounds } rounds, the most a saved series holds: start a new series from the menu.
refused-pile-empty = The discard pile is empty.
refused-stock-empty = The stock is empty.
refused-deadwood-too-high = You can't knock with that card: { $deadwood } deadwood is more than { $limit }.
refused-bad-melds = Those melds don't fit your hand.
refused-not-gin = Not gin yet: { $deadwood } deadwood left.
refused-big-gin-off = Big gin is off in these rules.
refused-no-such-meld = There is no such meld.
refused-does-not-fit = The { $card } doesn't fit that meld.
refused-bad-deck = That is not a deck of 52 cards.
refused-dealing = Wait until the cards are dealt.

## The hint.

hint-take-into-meld = Take the { $card }: it goes into a meld.
hint-take-towards-knock = Take the { $card }: with it you can get down to knocking.
hint-pass = Pass: the { $card } would not go into a meld.
hint-draw-unmelded = Draw from the stock: the { $card } would not go into a meld.
hint-draw = Draw from the stock.
hint-discard = Discard the { $card }: it helps your melds least and leaves { $deadwood } deadwood.
hint-discard-wanted = Discard the { $card }: it leaves { $deadwood } deadwood (the computer may want it, but the others are worse).
hint-knock = Knock, discarding the { $card }: { $deadwood } deadwood is likely less than the computer's.
hint-gin = Go gin, discarding the { $card }: every other card is melded.
hint-big-gin = Big gin: all eleven cards are melded.
hint-lay-off = Lay off the { $card }: it extends one of the knocker's melds.
hint-done = Done: nothing more of yours fits the knocker's melds.

## The moves of the round, one turn a sentence: "The computer took your 8♦ and threw the K♦."

turn = { $who ->
    [you] You
   *[computer] The computer
} { $actions }.
turn-passed = passed the upcard
turn-took = { $from ->
    [you] took your { $card }
    [computer] took the computer's { $card }
   *[upcard] took the upcard { $card }
}
turn-took-discard = took the discard
turn-drew = drew from the stock
turn-threw = threw the { $card }
turn-knocked = knocked, throwing the { $card }
turn-gin = went gin, throwing the { $card }
turn-big-gin = went big gin
turn-laid-off = laid off { $cards }
turn-laid-nothing = laid nothing off
# The end of a list: "7♣, 8♣ and 9♣".
list-and = { $first } and { $last }
moves-none = No moves yet.

## The banner after a round, and the score worked out.

games-list = { $count ->
    [0] no open game
    [one] game { $games }
   *[other] games { $games }
}
banner-dead-hand = Dead hand: nobody scores; the same dealer deals again.
banner-win = { $who ->
    [you] { $how ->
        [gin] Gin! +{ $points } to { $games }
        [big-gin] Big gin! +{ $points } to { $games }
        [undercut] You undercut the computer: +{ $points } to { $games }
       *[knock] You won the round: +{ $points } to { $games }
    }
   *[computer] { $how ->
        [gin] The computer went gin: +{ $points } to { $games }
        [big-gin] The computer went big gin: +{ $points } to { $games }
        [undercut] The computer undercut you: +{ $points } to { $games }
       *[knock] The computer won the round: +{ $points } to { $games }
    }
}
banner-game-closes = { $who ->
    [you] Game { $game } closes: you win it, { $you } to { $computer }.
   *[computer] Game { $game } closes: the computer wins it, { $computer } to { $you }.
}
banner-series-decided = { $who ->
    [you] You have won the series! Play goes on until all three games close.
   *[computer] The computer has won the series. Play goes on until all three games close.
}
banner-series-over = All three games are closed: the series is over.
banner-practice = (A replayed deal: not scored.)
worked-knocker = { $who ->
    [you] { $how ->
        [gin] You went gin.
        [big-gin] You went big gin.
       *[other] You knocked with { $deadwood }.
    }
   *[computer] { $how ->
        [gin] The computer went gin.
        [big-gin] The computer went big gin.
       *[other] The computer knocked with { $deadwood }.
    }
}
worked-defender = { $laid ->
    [0] { $who ->
        [you] You had { $deadwood }.
       *[computer] The computer had { $deadwood }.
    }
   *[other] { $who ->
        [you] You had { $deadwood } after laying off { $cards }.
       *[computer] The computer had { $deadwood } after laying off { $cards }.
    }
}
worked-sum = { $how ->
    [gin] Gin bonus
    [big-gin] Big gin bonus
    [undercut] Undercut
   *[knock] Difference
}: { $sum } to { $who ->
    [you] you
   *[computer] the computer
}.
worked-game = Game { $game }: +{ $points }, { $who ->
    [you] you
   *[computer] the computer
} now { $now }.

## The score window.

window-score = Score
window-moves = This round
window-series-over = Series over
window-notice = Notice
score-game = Game { $game }
game-open = open
game-won-by = { $who ->
    [you] won by you
   *[computer] won by the computer
}
series-won = { $who ->
    [you] You won the series, { $you } games to { $computer }.
   *[computer] The computer won the series, { $computer } games to { $you }.
}
series-standing = { $who ->
    [you] You lead the series ({ $you }–{ $computer } in games).
    [computer] The computer leads the series ({ $computer }–{ $you } in games).
   *[nobody] The series is level ({ $you }–{ $computer } in games).
}
score-practising = Replaying a deal: your series waits.
score-rules = Games close at { $target }. Gin bonus { $gin }, undercut bonus { $undercut }.
score-history = History ({ $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
})
score-no-rounds = No rounds yet.
history-dead-hand = Round { $round }: dead hand, no score
history-win = Round { $round }: { $who ->
    [you] You
   *[computer] Computer
} +{ $points } ({ $how ->
    [undercut] undercut
    [gin] gin
    [big-gin] big gin
   *[knock] knock
}) in { $games }
history-closes = ; closes game { $game }
summary-rounds-won = Rounds won
summary-gins = Gins
summary-rounds-played = { $rounds ->
    [one] 1 round played.
   *[other] { $rounds } rounds played.
}
deal-committed = Deal { $deal } · commitment { $commit }
deal-revealed = Deal { $deal } · commitment { $commit } · seed { $seed }, dealt by { $who ->
    [you] you
   *[computer] the computer
}
deal-commit-tooltip = Before each deal the game fixes the cards and shows this commitment, a SHA-256 hash of the deal's seed and number. After the round the seed is shown: run “hollywood-gin verify --seed SEED --deal { $deal } --commit COMMITMENT” with the commitment you saw to check that the cards were not changed once play began.

## Notices about the player's files. $detail is the system's or the parser's own message.

file-name = { $file ->
    [settings] settings
    [series] saved series
    [friend] series with a friend
   *[statistics] statistics
}
notice-no-home = No home directory found: settings and the series will not be saved.
notice-not-saved = Could not save the { $file } file { $path }: { $detail }
notice-unknown-fields = The { $file } file { $path } has fields this version does not know, which were ignored: { $fields }.
notice-did-you-mean = Did you mean `{ $known }` for `{ $unknown }`? That setting keeps its default until it is spelt so.
notice-more-fields = and { $count } more
notice-copy-kept = The file as it was is kept as { $copy }.
notice-copy-failed = It could not be copied aside ({ $detail }), so it will not be changed.
notice-unusable-moved = The { $file } file { $path } { $problem }. It was kept as { $aside } and defaults are used.
notice-unusable-stuck = The { $file } file { $path } { $problem }, and it could not be moved aside ({ $detail }). Defaults are used and the file will not be changed.
file-unreadable = could not be read ({ $detail })
file-not-a-file = is not a regular file
file-too-large = is { $bytes } bytes, too large to be one of the game's files (at most { $limit })
file-grew = grew too large while it was read
file-not-text = is not UTF-8 text
file-invalid = is not valid ({ $detail })
file-bad-value = has a bad value ({ $detail })
file-unknown-fields = has fields the game never writes ({ $fields }): a damaged key, so it is not read as anything else
file-missing-field = lacks `{ $field }`, which the game always writes
file-newer-format = was written by a newer version (format { $found }, this one reads { $reads })
file-older-format = was written by an earlier version (format { $found }) whose saves this one cannot check move by move, so that series cannot be continued

## The menu.

menu-continue = Continue series
menu-play = Play
menu-new-series = New series
menu-replay = Replay a deal
menu-settings = Settings
menu-statistics = Statistics
menu-help = How to play
menu-quit = Quit
menu-version = Version { $version } · the series is saved after every move
confirm-new-title = New series?
confirm-new-text = The series in play will be lost. Start a new one?
confirm-new-yes = Start a new series
confirm-new-no = Keep playing
replay-intro = Play a finished deal again, or any deal from its seed. A replayed deal is practice: your series waits and nothing is scored.
replay-finished = Finished deals of this series
replay-none-yet = None yet: a deal's seed is told once its round is over.
replay-button = Replay
replay-deal = Deal { $deal } · seed { $seed }, dealt by { $who ->
    [you] you
   *[computer] the computer
}
history-seed = seed { $seed }
replay-seed = Seed
replay-dealer = Dealer
replay-play = Play this deal
replay-bad-seed = A seed is a whole number, like 614480483733483466.

## Settings.

settings-note = Rule and difficulty changes apply from the next series.
settings-language = Language
settings-language-system = System ({ $language })
settings-computer = Computer
settings-gin-bonus = Gin bonus
settings-undercut-bonus = Undercut bonus
settings-classic = Classic bonuses
settings-line-bonus = Line bonus per hand won ({ $points })
settings-game-bonus = Game bonus ({ $points })
settings-shutout-bonus = Shutout bonus ({ $points })
settings-big-gin-bonus = Big gin ({ $points })
settings-speed = Card movement
speed-instant = Instant
speed-fast = Fast
speed-normal = Normal
speed-slow = Slow
settings-cards = Cards
settings-four-color = Four-colour deck
settings-ui-scale = Text and buttons
settings-card-back = Card back
back-blue = Blue
back-red = Red
back-green = Green
back-grey = Grey
settings-sound = Sound
settings-sound-on = On
settings-volume = volume
settings-no-sound = This copy of the game was built without sound; the release packages have it.
settings-restore = Restore defaults
settings-relay = Relay for Play a friend
settings-relay-hint = https://… (empty: the public relays)
settings-relay-note = For a club or a family that runs iroh's relay server: both players set the same address. Games still connect directly when they can. The relay carries only encrypted traffic: it never sees a card and deals nothing. Used from the next connection.
settings-relay-scheme = Not kept: a relay's address starts with https://
settings-relay-no-host = Not kept: the server's name is missing after https://
settings-relay-garbled = Not kept: no spaces, and at most 200 characters

## Statistics.

stats-series = Series won / lost
stats-games = Games won / lost
stats-rounds = Rounds won / lost
stats-dead-hands = Dead hands
stats-knocks = Knocks
stats-gins = Gins
stats-undercuts = Undercuts made
stats-undercut-against = Undercut by the computer
stats-best-round = Best round
stats-win-rate = Round win rate
stats-note = Replayed deals are not counted.

## How to play. $gin, $undercut, $target and $limit are the rules' numbers.

help-round-title = HOW A ROUND GOES
help-round = You and the computer get 10 cards each; the next card, face up, starts the discard pile. The non-dealer may take that upcard; if they pass, the dealer may; if both pass, the non-dealer draws from the stock. On each turn you draw one card, from the stock or the discard pile, and discard one. You may not throw back the card you just took from the pile.
help-melds-title = MELDS
help-melds = Three or four of a kind, or three or more cards in a row of one suit (♣ clubs, ♦ diamonds, ♥ hearts, ♠ spades). Ace is low: A-2-3 is a run, Q-K-A is not. A card counts in one meld only. Cards not in a meld are deadwood: aces count 1, jacks, queens and kings 10, the others their number.
help-knock-title = KNOCKING
help-knock = After drawing, if your deadwood after the discard is { $limit } or less you may knock: press Knock, then click the card to discard. Your melds are spread; the computer lays its deadwood off onto your melds where it fits. If you have no deadwood at all, that is gin: press Gin!
help-scoring-title = SCORING
help-scoring = Knock with less deadwood than the other player and you score the difference. If they have as little or less, they undercut you: they score the difference plus the undercut bonus of { $undercut }. Gin scores a bonus of { $gin } plus the other player's deadwood, and they cannot lay off. If the stock runs down to two cards with no knock, the hand is dead and is dealt again.
help-hollywood-title = HOLLYWOOD
help-hollywood = Three games are scored at once. Your first win goes in game 1, your second in games 1 and 2, your third and later in all three. A game closes when someone reaches { $target }; later wins only go to games still open, and if you never scored in a game that closed, your next win starts you in the next open one. Win two of the three games to win the series; play goes on until all three close.
help-mouse-title = WITH THE MOUSE
help-mouse = Click or drag the stock or the discard pile to draw. Double-click a card, or drag it onto the pile, to discard. Drag cards along your hand to arrange them, or use the Melds / Rank / Suit buttons (S cycles). When the computer knocks, drag your cards onto its melds (the melds a card fits light up), or press Lay off all, then Done.
help-keys-title = KEYS
help-keys = The whole round plays without the mouse. Left and right arrows move a gold highlight through the piles when you draw and through your hand otherwise; Up or Enter does what a click on it does (draw it, raise a card, then play it); Down lowers a raised card. Space is always the main button (Enter too, when nothing is highlighted). Each button shows its key: T take, P pass, K knock, G gin, L lay off all, D done, N next round; S sorts, H asks for a hint, Esc opens the menu. With a screen reader, three more keys speak: R repeats the opponent's last turns, M says your melds and deadwood, C says the scores.
help-commit-title = THE DEAL'S COMMITMENT
help-commit = The line at the top left, “Deal 1 · commitment …”, fixes each deal before its first card moves: the commitment is a SHA-256 hash of the deal's seed and number. Once the round is over the seed is shown beside it, and “hollywood-gin verify” checks that the cards played were the ones committed to (hover over the line for the command). Playing a friend, the guest's game checks each deal this way by itself.
help-licences-title = LICENCES
help-licences = Hollywood Gin is free software, under the MIT or the Apache 2.0 licence, at your choice. The card images are Adrian Kennard's, in the public domain (CC0). The game is built from the open-source crates listed below and draws its text in the DejaVu Sans font; their licences ask that these notices go with every copy.
help-licence-game = The game's licence (MIT)
help-licence-notices = Third-party notices
help-licence-font = The DejaVu Sans font

## Lines printed to the terminal.

cli-no-display = no display found (DISPLAY and WAYLAND_DISPLAY are unset); the game needs a desktop session.
cli-no-x11 = no X11 display found: WAYLAND_DISPLAY is { $wayland } but DISPLAY is unset; this build draws through X11, so it needs XWayland (most Wayland desktops start it by themselves).
cli-display-unreachable = cannot open the display { $display } ({ $detail }); is the X server running, and is DISPLAY right for this session?
cli-no-gpu = no usable graphics adapter was found. The game draws with Vulkan, Metal, DirectX 12 or OpenGL: on Linux install Mesa's drivers (Debian/Ubuntu: mesa-vulkan-drivers and libgl1-mesa-dri), elsewhere update the graphics driver.
cli-no-window = cannot open a window ({ $detail }); is the display server running?
cli-already-running = the game is already running; switch to its window (this one closes).
cli-crashed = the game stopped because of an error in it. What happened was written to { $path }; please send that file with a bug report. Your series is saved up to the last move.
cli-crashed-no-log = the game stopped because of an error in it ({ $detail }). Your series is saved up to the last move.
cli-lock-failed = could not lock { $path } ({ $detail }), nor anywhere else; the game does not start without it, so that two games never write your files at once
cli-seed-replaces = --seed starts a new series; the saved one is replaced once you make a move
cli-no-gui = built without the `gui` feature; only `simulate` is available.
cli-bad-rules = bad rules: { $detail }
cli-bad-arguments = the command line is not right (hollywood-gin --help lists what it takes):
cli-size-format = expected WIDTHxHEIGHT, e.g. 1280x800
cli-size-unusable = { $size } is not a usable window size
cli-simulation-failed = the simulation stopped: { $detail }

## verify: checking a deal against its commitment.

verify-ok = Deal { $deal } with seed { $seed } gives the commitment { $hash }: it matches. The cards were fixed before the first move:
verify-non-dealer = Non-dealer's hand (dealt first): { $cards }
verify-dealer = Dealer's hand: { $cards }
verify-upcard = Upcard: { $cards }
verify-stock = Stock, top card first: { $cards }
verify-mismatch = seed { $seed } and deal { $deal } give the commitment { $hash }, which is not the one given: this is not that deal.
verify-bad-commit = { $why ->
    [not-hex] the commitment must be hex digits (0-9, a-f)
    [too-short] the commitment needs at least 32 hex digits; this has { $digits }
   *[too-long] a commitment has at most 64 hex digits; this has { $digits }
} (seed { $seed }, deal { $deal }, commitment { $hash }).

## review: the player's decisions in a round, weighed by Expert's engine.

review-action = { $kind ->
    [take-upcard] take the upcard
    [pass] pass the upcard
    [draw-stock] draw from the stock
    [take-discard] take the discard
    [discard] discard the { $card }
    [knock] knock, discarding the { $card }
    [gin] go gin, discarding the { $card }
    [big-gin] go big gin
    [lay-off] lay off the { $card }
   *[done] finish laying off
}
# The decimal point in numbers such as 2.3.
decimal-separator = .
review-working = Reviewing…
review-header = Round { $round }: { $decisions ->
    [one] 1 decision reviewed.
   *[other] { $decisions } decisions reviewed.
}
review-decision = Move { $move }: you chose to { $played }. { $verdict ->
    [costly] Better: { $best }. Cost { $cost } ± { $se } points.
    [close] Too close to call: { $best } may be better by { $cost } ± { $se } points.
   *[fine] Fine.
} (Hand { $hand }; discard top { $top }; { $knowncount ->
    [0] no computer card known
   *[other] the computer holds { $known }
})
review-summary = { $costly } of { $decisions ->
    [one] 1 decision
   *[other] { $decisions } decisions
} cost points, { $total } in all. The biggest: move { $move }, { $played } instead of { $best } ({ $cost } points).
review-clean = { $decisions ->
    [one] The one decision reviewed did not cost more than { $margin } point beyond noise.
   *[other] None of the { $decisions } decisions cost more than { $margin } point beyond noise.
}
review-margin = A decision counts as costly when the engine's best move is ahead by at least { $margin } point beyond { $z } standard errors, and as fine when no move can be that far ahead; the hidden cards are sampled { $batch } deals at a time until one of them is clear, and a decision still open after { $samples } deals is too close to call.
review-no-file = no saved series to review: no home directory found (give one with --file).
review-bad-file = cannot review { $path }: the file { $problem }
review-bad-round = cannot review that round: { $detail }
review-no-series = { $detail } holds no series to review
review-no-round = no such finished round ({ $detail })
review-button = Review round
review-history-button = Review
review-title = Review of round { $round }
review-progress = Weighing decision { $done } of { $total }…
review-step = Decision { $step } of { $count } (move { $move })
review-you-chose = You chose to { $played }.
review-better = Better: { $best }. That cost { $cost } ± { $se } points.
review-too-close = Too close to call: { $best } may be better by { $cost } ± { $se } points, and { $samples } sampled deals could not settle whether that is { $margin } point or more.
review-fine = { $agree ->
    [yes] The engine agrees.
   *[no] Within { $margin } point of the best, or within the noise: fine.
}
review-hand = Your hand: { $cards }
review-top = Discard top: { $card }
review-known = { $count ->
    [0] No card of the computer's was known.
   *[other] The computer was known to hold: { $cards }
}
review-options = What each move gives away against the best, in points (the engine's estimate):
review-option = { $move }: −{ $cost }
review-option-best = { $move }: best
review-prev = Previous
review-next = Next
review-biggest = Biggest mistake
review-close = Close
review-none = There was no decision to weigh in this round.

## Playing a friend on another computer.

menu-friend = Play a friend
menu-friend-resume = Resume the series with { $name }
friend-intro = Play a Hollywood series against a friend on another computer, over the internet or your own network. One of you hosts and sends the other the invite code.
friend-kept = Your series with { $name } is kept from last time.
friend-resume = Resume
friend-forget = Forget it
friend-your-name = Your name
friend-host = Host a series
friend-host-note = Under your rules from Settings: { $rules }.
friend-code-label = Invite code from your friend
friend-join = Join
friend-bad-code = That is not an invite code: copy the whole code your friend sent.
friend-starting = Starting…
friend-code = Your invite code
friend-copy = Copy
friend-paste = Paste
friend-copied = Copied.
friend-waiting = Send the code to your friend. The series starts when they join.
friend-dialling = Connecting to your friend's game…
friend-not-reached = Your friend's game could not be reached yet. Check that your friend is hosting (Play a friend → Host a series, with the code on their screen), that you pasted the whole code, and that both computers are online. Still trying…
friend-try-again = Try again
friend-host-cancelled = Hosting cancelled: the code you had no longer works.
friend-join-cancelled = Joining cancelled.
friend-offer = { $name }'s series: { $rules }.
friend-accept = Play
friend-cancel = Cancel
friend-playing = Playing { $name }.
friend-back-to-table = Back to the table
friend-end = End the series
friend-lost = The connection to { $name } dropped. Waiting for { $name } to reconnect… ({ $clock })
friend-direct = Direct · { $ms } ms
friend-relayed = Through a relay · { $ms } ms
friend-away = Reconnecting… { $clock }
friend-taken = The host is already playing this series with someone else.
friend-foul = { $name }'s game dealt or reported cards that are not the agreed deal. The series has ended.
friend-waiting-deal = Waiting for { $name } to ask for the next round…
friend-left = { $name } ended the series.
friend-other-version = Your friend runs Hollywood Gin { $theirs }, which cannot play this one ({ $ours }). Update both to the same version.
friend-failed = The network could not start: { $why }
friend-rules = gin { $gin }, undercut { $undercut }, knock at { $knock } or less, games to { $target }
seat-friend = { $name }

## Spoken: what a screen reader says. Cards by name, never a suit symbol.
speak-rank = { $rank ->
    [1] ace
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
    [11] jack
    [12] queen
   *[13] king
}
speak-suit = { $suit ->
    [clubs] clubs
    [diamonds] diamonds
    [hearts] hearts
   *[spades] spades
}
# "seven of hearts"
speak-card = { $rank } of { $suit }
# $ranks: "five-six-seven"
speak-run = the run { $ranks } of { $suit }
# A card of the hand as the arrows walk it: "seven of hearts, 3 of 10, in the run five-six-seven of hearts".
speak-hand-card = { $card }, { $place } of { $count }, { $where }
speak-in-run = in { $run }
# $cards: the set's other cards, "seven of clubs and seven of spades"
speak-in-set = in a set with { $cards }
speak-deadwood = deadwood

# The player's hand, as a screen reader names the list.
speak-hand = Your hand
speak-piles = The piles
speak-stock = The stock, { $count } cards
speak-discard = The discard pile: { $card } on top
speak-discard-empty = The discard pile is empty

# What to do now, as a screen reader says it: the keys, never the mouse.
speak-now-dealing = Dealing.
speak-now-upcard = Your turn: the upcard is { $card }. Take it or pass.
speak-now-draw = Your turn to draw: the stock, or { $card } from the discard pile. The arrows choose, Enter draws.
speak-now-draw-stock = Your turn to draw: Enter draws from the stock.
speak-drew = You drew { $card }.
speak-now-discard = Discard: the arrows choose a card, Enter raises it and Enter again throws it.
speak-now-knock = Knock: the arrows choose the card to throw, Enter knocks with it.
speak-now-layoff = Lay off: the arrows choose a card, Enter lays it off.
speak-now-thinking = The computer's turn.
# $keys: "T Take, P Pass"
speak-keys = Keys: { $keys }.
# A meld of three or four of a kind: "the set seven of clubs, seven of diamonds and seven of spades".
speak-set = the set { $cards }
# $cards and $points: "four of clubs and two of spades, 6 points"
speak-deadwood-cards = { $cards }, { $points ->
    [one] 1 point
   *[other] { $points } points
}
speak-none = none
speak-mine = Your melds: { $melds }. Your deadwood: { $deadwood }.
speak-theirs = The computer's melds: { $melds }. Deadwood: { $deadwood }.
speak-may-gin = You may go gin.
speak-may-knock = You may knock with { $deadwood }.
# A card the defender may lay off, as the arrows land on it.
speak-lays-off = lays off on { $meld }
speak-score-game = Game { $game }: you { $you }, the computer { $computer }, { $status }.
speak-no-score = no score yet
speak-before = Before that: { $turn }
speak-nothing-yet = Nothing has happened yet this round.
speak-menu-open = The menu is open: Tab walks its buttons, Enter presses one, Esc goes back to the table.
speak-line-prompt = What to do now
speak-line-opponent = The opponent's last turn
speak-line-asked = What you asked for
speak-raised = raised: Enter again throws it
# A new deal: "Round 2: games 1, 2, 3 open."
speak-deal = Round { $round }: { $games } open.
speak-your-hand = Your hand: { $cards }.
speak-sorted = Sorted: { $cards }.
