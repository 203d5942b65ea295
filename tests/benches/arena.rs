//! The public yardstick: our levels against the bots of the `gin-rummy-engine` crate, games to
//! 100 under the EAAI-2021 challenge scoring (gin 25, undercut 25 with ties as undercuts, no
//! other bonuses), with every move of either side checked by both rule engines.
//!
//! Run with, for example,
//! `cargo bench --no-default-features --bench arena -- --ours expert --theirs mc:64 --games 400`
//! (`--theirs`: `eaai` for the challenge's baseline player, `heuristic` for the crate's own
//! heuristic bot, `mc:N` for its Monte Carlo bot with N samples per decision; `--seed`,
//! `--threads`; `--ours`: easy, medium, hard or expert).
//!
//! How a game is played:
//! - Games come in mirrored pairs: both games of a pair are dealt from the same stream of deal
//!   seeds (one seeded generator for the run, one stream per pair), with the seats swapped, so
//!   the luck of the cards cancels out within a pair. The winner of a round deals the next, a
//!   dead hand is redealt by the same dealer, and the first dealer alternates with the pair.
//! - Our `Round` and the crate's `Table` are dealt the same cards and kept in step: our bot's
//!   move is applied to our round and then offered to the crate's table, and the crate bot's
//!   move (recorded as its table applies it) is applied to our round. Any move one engine takes
//!   and the other refuses, or any difference in the hands, the pile, the stock or the score,
//!   stops the run with the position: the crate is an independent implementation of the rules,
//!   so this is also a check of ours.
//! - Our bots are shown the game score the only way a `View` carries one, as a Hollywood
//!   scoreboard whose first two games are closed one each and whose third holds the game's score:
//!   whoever reaches 100 in it first wins, exactly the game being played. Hard then weighs every
//!   point once (as with no scoreboard), and Expert plays for the chance of winning the game.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use gin_rummy::{Hand, Meld as TheirMeld, Melds, Player, Round as TheirRound};
use gin_rummy_engine::{
    DrawAction, EaaiSimpleBot, HeuristicBot, Layoff, MonteCarloBot, Strategy, Table, TurnAction,
    UpcardAction, View as TheirView, eaai_rules,
};
use rand_010::SeedableRng;
use rand_010::rngs::StdRng;

use hollywood_gin::ai::sim::{mean_ci, percentile_ms, proportion};
use hollywood_gin::ai::style::Style;
use hollywood_gin::ai::{Level, View};
use hollywood_gin::rules::series::splitmix64;
use hollywood_gin::rules::{
    Action, Card, CardSet, Game, Phase, Rank, Round, RuleSettings, Scoreboard, Seat, Suit,
};

const TARGET: u32 = 100;

fn our_rules() -> RuleSettings {
    RuleSettings {
        gin_bonus: 25,
        undercut_bonus: 25,
        knock_limit: 10,
        game_target: TARGET,
        ..RuleSettings::default()
    }
}

fn theirs(c: Card) -> gin_rummy::Card {
    let suit = [
        gin_rummy::Suit::Clubs,
        gin_rummy::Suit::Diamonds,
        gin_rummy::Suit::Hearts,
        gin_rummy::Suit::Spades,
    ][c.suit() as usize];
    gin_rummy::Card {
        suit,
        rank: gin_rummy::Rank::new(c.rank().value()),
    }
}

fn ours(c: gin_rummy::Card) -> Card {
    let suit = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades][c.suit as usize];
    Card::new(Rank::new(c.rank.get()).expect("a rank 1..=13"), suit)
}

fn their_hand(s: CardSet) -> Hand {
    s.iter().fold(Hand::EMPTY, |mut h, c| {
        h.insert(theirs(c));
        h
    })
}

fn our_set(h: Hand) -> CardSet {
    h.iter().map(ours).collect()
}

fn player(s: Seat) -> Player {
    match s {
        Seat::P1 => Player::One,
        Seat::P2 => Player::Two,
    }
}

/// The crate's bot, and what it chose last (recorded as the table asks it).
struct Recorder {
    bot: Box<dyn Strategy>,
    last: Option<Result<Action, String>>,
}

impl Strategy for Recorder {
    fn offer_upcard(&mut self, view: &TheirView<'_>) -> UpcardAction {
        let a = self.bot.offer_upcard(view);
        self.last = Some(Ok(match a {
            UpcardAction::Take => Action::TakeUpcard,
            UpcardAction::Pass => Action::PassUpcard,
        }));
        a
    }
    fn choose_draw(&mut self, view: &TheirView<'_>) -> DrawAction {
        let a = self.bot.choose_draw(view);
        self.last = Some(Ok(match a {
            DrawAction::Stock => Action::DrawStock,
            DrawAction::TakeDiscard => Action::TakeDiscard,
        }));
        a
    }
    fn play_turn(&mut self, view: &TheirView<'_>) -> TurnAction {
        let a = self.bot.play_turn(view);
        self.last = Some(match a {
            TurnAction::Discard(c) => Ok(Action::Discard(ours(c))),
            TurnAction::Knock { discard, melds } => melds
                .iter()
                .map(|m| hollywood_gin::rules::Meld::new(our_set(m.cards())))
                .collect::<Option<Vec<_>>>()
                .map(|melds| Action::Knock {
                    discard: ours(discard),
                    melds,
                })
                .ok_or_else(|| format!("the crate spread {melds}, not melds to our rules")),
            TurnAction::BigGin(_) => Ok(Action::Gin { discard: None }),
        });
        a
    }
    fn choose_layoff(&mut self, view: &TheirView<'_>) -> Option<Layoff> {
        let a = self.bot.choose_layoff(view);
        self.last = Some(Ok(match a {
            Some(l) => Action::LayOff {
                card: ours(l.card),
                meld: l.meld,
            },
            None => Action::FinishLayoffs,
        }));
        a
    }
}

/// A move our engine already took, as the crate's table is asked for it.
enum TheirMove {
    Upcard(UpcardAction),
    Draw(DrawAction),
    Turn(TurnAction),
    Layoff(Option<Layoff>),
}

/// Our move `a`, made from `hand`, in the crate's terms.
fn their_move(a: &Action, hand: CardSet) -> Result<TheirMove, String> {
    let melds = |ms: &[hollywood_gin::rules::Meld], rest: CardSet| {
        let ms: Option<Vec<TheirMeld>> = ms
            .iter()
            .map(|m| TheirMeld::try_from_cards(their_hand(m.cards())).ok())
            .collect();
        ms.and_then(|ms| Melds::try_new(their_hand(rest), &ms).ok())
            .ok_or_else(|| format!("the crate does not take our spread {a:?}"))
    };
    Ok(match a {
        Action::TakeUpcard => TheirMove::Upcard(UpcardAction::Take),
        Action::PassUpcard => TheirMove::Upcard(UpcardAction::Pass),
        Action::DrawStock => TheirMove::Draw(DrawAction::Stock),
        Action::TakeDiscard => TheirMove::Draw(DrawAction::TakeDiscard),
        Action::Discard(c) => TheirMove::Turn(TurnAction::Discard(theirs(*c))),
        Action::Knock { discard, melds: ms } => TheirMove::Turn(TurnAction::Knock {
            discard: theirs(*discard),
            melds: melds(ms, hand.without(*discard))?,
        }),
        // Our gin leaves the melds to the rules; the crate's is a knock with no deadwood.
        Action::Gin { discard: Some(c) } => TheirMove::Turn(TurnAction::Knock {
            discard: theirs(*c),
            melds: gin_rummy::best_melds(their_hand(hand.without(*c))),
        }),
        Action::Gin { discard: None } => {
            TheirMove::Turn(TurnAction::BigGin(gin_rummy::best_melds(their_hand(hand))))
        }
        Action::LayOff { card, meld } => TheirMove::Layoff(Some(Layoff {
            card: theirs(*card),
            meld: *meld,
        })),
        Action::FinishLayoffs => TheirMove::Layoff(None),
    })
}

/// Plays a move our engine already took on the crate's table. Asked for another kind of move
/// than it holds, it answers something the table will refuse or that leaves the engines apart,
/// which the caller reports.
struct Puppet(TheirMove);

impl Strategy for Puppet {
    fn offer_upcard(&mut self, _: &TheirView<'_>) -> UpcardAction {
        match self.0 {
            TheirMove::Upcard(a) => a,
            _ => UpcardAction::Pass,
        }
    }
    fn choose_draw(&mut self, _: &TheirView<'_>) -> DrawAction {
        match self.0 {
            TheirMove::Draw(a) => a,
            _ => DrawAction::Stock,
        }
    }
    fn play_turn(&mut self, v: &TheirView<'_>) -> TurnAction {
        match self.0 {
            TheirMove::Turn(a) => a,
            _ => TurnAction::BigGin(gin_rummy::best_melds(v.hand())),
        }
    }
    fn choose_layoff(&mut self, _: &TheirView<'_>) -> Option<Layoff> {
        match self.0 {
            TheirMove::Layoff(a) => a,
            _ => None,
        }
    }
}

fn their_bot(spec: &str, seed: u64) -> Result<Box<dyn Strategy>, String> {
    let rng = StdRng::seed_from_u64(seed);
    Ok(match spec {
        "eaai" => Box::new(EaaiSimpleBot::new(rng)),
        "heuristic" => Box::new(HeuristicBot::new()),
        _ => match spec.strip_prefix("mc:").map(str::parse::<u32>) {
            Some(Ok(n)) if n > 0 => Box::new(MonteCarloBot::new(rng).samples(n)),
            _ => return Err(format!("unknown bot `{spec}` (eaai, heuristic or mc:N)")),
        },
    })
}

/// The game score shown to our bots (see the module docs).
fn scoreboard(score: [u32; 2]) -> Scoreboard {
    let mut games: [Game; 3] = Default::default();
    games[0].winner = Some(Seat::P1);
    games[0].wins = [1, 0];
    games[0].points = [TARGET, 0];
    games[1].winner = Some(Seat::P2);
    games[1].wins = [0, 1];
    games[1].points = [0, TARGET];
    games[2].points = score;
    games[2].wins = [1, 1];
    Scoreboard {
        rules: our_rules(),
        games,
        history: Vec::new(),
    }
}

#[derive(Default)]
struct Tally {
    games: u64,
    won: u64,
    rounds: u64,
    rounds_won: u64,
    /// Points per round, ours minus theirs, summed and squared.
    margin: f64,
    margin_sq: f64,
    decision_ns: Vec<u64>,
}

/// Checks that both engines see the same position.
fn same_position(r: &Round, t: &TheirRound, at: &str) -> Result<(), String> {
    for s in Seat::ALL {
        if their_hand(r.hand(s)) != t.hand(player(s)) {
            return Err(format!("{at}: {s}'s hand differs"));
        }
    }
    let pile: Vec<gin_rummy::Card> = r.discard_pile().iter().map(|&c| theirs(c)).collect();
    if pile != t.discard_pile() || r.stock_len() != t.stock().len() {
        return Err(format!("{at}: the pile or the stock differs"));
    }
    Ok(())
}

/// One game; `mine` is the seat our bot sits in. Returns our tally for it.
fn game(ours_level: Level, spec: &str, pair: u64, mine: Seat, seed: u64) -> Result<Tally, String> {
    let rules = our_rules();
    let their_rules = eaai_rules();
    let stream = splitmix64(seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let bot = ours_level.bot(splitmix64(stream ^ 0xA));
    let mut recorder = Recorder {
        bot: their_bot(spec, splitmix64(stream ^ 0xB))?,
        last: None,
    };
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut score = [0u32; 2];
    // What the crate bot's finished rounds showed of how it plays, as a player would see it.
    let mut shown = Style::default();
    // The first dealer alternates with the pair; within a pair the cards are the same.
    let mut dealer = if pair.is_multiple_of(2) {
        Seat::P1
    } else {
        Seat::P2
    };
    if mine == Seat::P2 {
        dealer = dealer.other();
    }
    for deal in 0u64..=500 {
        let round_seed = splitmix64(stream.wrapping_add(deal));
        // The same cards to the same roles in both games of a pair: our bot's cards when it
        // deals in one are the crate bot's when it deals in the other.
        let mut r = Round::deal(rules.clone(), dealer, round_seed);
        let stock: Vec<gin_rummy::Card> = r.stock().iter().map(|&c| theirs(c)).collect();
        let hands = [their_hand(r.hand(Seat::P1)), their_hand(r.hand(Seat::P2))];
        let dealt = TheirRound::from_deal(
            their_rules,
            player(dealer),
            hands,
            theirs(r.upcard()),
            stock,
        )
        .map_err(|e| format!("the crate refused our deal: {e}"))?;
        let mut table = Table::new(dealt).scores([score[0] as u16, score[1] as u16]);
        let board = scoreboard(score);
        while let Some(s) = r.to_act() {
            let at = format!("pair {pair}, deal {deal}, move {}", r.history().len());
            if table.turn() != Some(player(s)) {
                return Err(format!("{}: the crate has another seat to act", at));
            }
            if s == mine {
                let v = View::of(&r, s, Some(&board)).with_style(shown);
                let t = Instant::now();
                let a = bot.decide(&v);
                tally.decision_ns.push(t.elapsed().as_nanos() as u64);
                let mut puppet =
                    Puppet(their_move(&a, r.hand(s)).map_err(|e| format!("{}: {e}", at))?);
                r.apply(s, a.clone())
                    .map_err(|e| format!("{}: our {} played {a:?}: {e}", at, bot.name()))?;
                // The crate draws a forced stock card without asking; every other move is asked.
                table
                    .step(&mut puppet)
                    .map_err(|e| format!("{}: the crate refused our {a:?}: {e}", at))?;
            } else {
                let forced = matches!(
                    r.phase(),
                    Phase::Draw {
                        stock_only: true,
                        ..
                    }
                );
                recorder.last = None;
                table
                    .step(&mut recorder)
                    .map_err(|e| format!("{at}: the crate bot's own move failed: {e}"))?;
                let a = match recorder.last.take() {
                    Some(a) => a.map_err(|e| format!("{at}: {e}"))?,
                    None if forced => Action::DrawStock,
                    None => return Err(format!("{at}: the crate bot was not asked")),
                };
                // A crate gin is spread like any knock; our rules call a knock with no
                // deadwood gin, so both spellings are the same move.
                r.apply(s, a.clone())
                    .map_err(|e| format!("{at}: our rules refused the crate's {a:?}: {e}"))?;
            }
            same_position(&r, table.round(), &at)?;
        }
        shown.observe(&r, mine.other());
        let res = r.result().ok_or("our round ended with no result")?.clone();
        let theirs_res = table
            .round()
            .result()
            .ok_or_else(|| format!("pair {pair}, deal {deal}: the crate's round is not over"))?;
        let their_winner = theirs_res.winner().map(|p| match p {
            Player::One => Seat::P1,
            Player::Two => Seat::P2,
        });
        let their_points = u32::from(theirs_res.points(&their_rules));
        if their_winner != res.winner || (res.winner.is_some() && their_points != res.points) {
            return Err(format!(
                "pair {pair}, deal {deal}: we score {:?} {} , the crate {their_winner:?} {their_points}",
                res.winner, res.points
            ));
        }
        tally.rounds += 1;
        if let Some(w) = res.winner {
            score[w.index()] += res.points;
            let signed = if w == mine {
                tally.rounds_won += 1;
                f64::from(res.points)
            } else {
                -f64::from(res.points)
            };
            tally.margin += signed;
            tally.margin_sq += signed * signed;
            dealer = w;
            if score[w.index()] >= TARGET {
                tally.won = u64::from(w == mine);
                return Ok(tally);
            }
        }
    }
    Err(format!("pair {pair}: no winner after 500 deals"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut level, mut spec, mut games, mut seed) =
        (Level::Hard, "eaai".to_string(), 400usize, 1u64);
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--ours" => level = value().parse().unwrap_or_else(|e: String| fail(&e)),
            "--theirs" => spec = value(),
            "--games" => games = value().parse().unwrap_or_else(|_| fail("--games N")),
            "--seed" => seed = value().parse().unwrap_or_else(|_| fail("--seed N")),
            "--threads" => threads = value().parse().unwrap_or_else(|_| fail("--threads N")),
            "--bench" => {}
            other => fail(&format!("unknown argument `{other}`")),
        }
    }
    if let Err(e) = their_bot(&spec, 0) {
        fail(&e);
    }
    let pairs = games.div_ceil(2);
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    // Progress on stderr (games done, games won), for runs that take hours.
    let (done, won) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let results: Mutex<Vec<Option<Result<Tally, String>>>> =
        Mutex::new((0..pairs * 2).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairs * 2 {
                        break;
                    }
                    let mine = if i.is_multiple_of(2) {
                        Seat::P1
                    } else {
                        Seat::P2
                    };
                    let r = game(level, &spec, (i / 2) as u64, mine, seed);
                    match &r {
                        Ok(t) => {
                            let w =
                                won.fetch_add(t.won as usize, Ordering::Relaxed) + t.won as usize;
                            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                            if d.is_multiple_of(20) {
                                eprintln!(
                                    "arena: {d} of {} games, {w} won, {:.0} s",
                                    pairs * 2,
                                    start.elapsed().as_secs_f64()
                                );
                            }
                        }
                        Err(_) => next.store(pairs * 2, Ordering::Relaxed),
                    }
                    if let Ok(mut v) = results.lock() {
                        v[i] = Some(r);
                    }
                }
            });
        }
    });
    let mut total = Tally::default();
    for r in results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
    {
        match r {
            Ok(t) => {
                total.games += t.games;
                total.won += t.won;
                total.rounds += t.rounds;
                total.rounds_won += t.rounds_won;
                total.margin += t.margin;
                total.margin_sq += t.margin_sq;
                total.decision_ns.extend(t.decision_ns);
            }
            Err(e) => fail(&format!("the engines disagree: {e}")),
        }
    }
    report(level, &spec, seed, &total, start.elapsed().as_secs_f64());
}

fn report(level: Level, spec: &str, seed: u64, t: &Tally, secs: f64) {
    let (p, h) = proportion(t.won, t.games);
    let (rp, rh) = proportion(t.rounds_won, t.rounds);
    let (mean, mh) = mean_ci(t.margin, t.margin_sq, t.rounds);
    let q = |x: f64| percentile_ms(&t.decision_ns, x);
    println!(
        "{} vs {spec}: {} games (seed {seed}), EAAI scoring, mirrored pairs",
        level.name(),
        t.games
    );
    println!(
        "  games won            {:.1}% ± {:.1}",
        p * 100.0,
        h * 100.0
    );
    println!(
        "  rounds won           {:.1}% ± {:.1}",
        rp * 100.0,
        rh * 100.0
    );
    println!("  points per round     {mean:+.2} ± {mh:.2} (ours minus theirs)");
    println!(
        "  decision ms          p50 {:.1} / p95 {:.1} / p99 {:.1}",
        q(0.5),
        q(0.95),
        q(0.99)
    );
    println!("  {} rounds in {secs:.0} s", t.rounds);
}

fn fail(why: &str) -> ! {
    eprintln!("arena: {why}");
    std::process::exit(2)
}
