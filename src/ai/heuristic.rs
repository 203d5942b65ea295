//! Medium and Easy: hand-crafted play on top of the exact meld solver.
//!
//! Medium is the reference "solid club player": it takes a discard only when the card ends up
//! in a meld (or lets it knock at once), throws the deadwood card with the most points net of
//! its chances to become a meld, steers away from cards the opponent is known to collect, knocks
//! when its deadwood is clearly below what the opponent is likely to hold by now, and lays off
//! optimally. It must be cheap (the simulator plays tens of thousands of rounds a second and
//! Hard uses the same evaluation in its rollouts), so it calls the solver once per decision:
//! when a card is deadwood in the best arrangement of the 11-card hand, the deadwood after
//! throwing it is exactly that arrangement's deadwood minus the card's points.
//!
//! Easy is Medium with human mistakes drawn from the bot's seeded generator: a wrong discard now
//! and then, a missed pickup, knocking only with very little deadwood, forgetting layoffs.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Bot;
use super::knowledge::Knowledge;
use super::view::View;
use crate::rules::meld::best_layoffs;
use crate::rules::series::splitmix64;
use crate::rules::{Action, Arrangement, Card, CardSet, Phase, best_arrangement};

/// Number of unseen cards that would make a meld out of `c` and another deadwood card.
pub fn outs(c: Card, deadwood: CardSet, unseen: CardSet) -> u32 {
    let mut n = 0;
    for d in deadwood.without(c) {
        if d.rank() == c.rank() {
            // A pair: either of the other two of that rank completes a set.
            n += unseen.of_rank(c.rank()).len() as u32;
        } else if d.suit() == c.suit() {
            let (lo, hi) = if d < c { (d, c) } else { (c, d) };
            let gap = hi.rank().value() - lo.rank().value();
            if gap == 1 {
                n += [lo.pred(), hi.succ()]
                    .into_iter()
                    .flatten()
                    .filter(|&u| unseen.contains(u))
                    .count() as u32;
            } else if gap == 2 {
                n += lo.succ().filter(|&u| unseen.contains(u)).map_or(0, |_| 1);
            }
        }
    }
    n
}

/// How much the cards the opponent is known to hold make `c` useful to them: 4 per card of the
/// same rank, 3 or 1.5 per card one or two away in the same suit.
pub fn opp_interest(c: Card, k: &Knowledge) -> f32 {
    let mut d = 0.0;
    for o in k.opp_holds {
        if o.rank() == c.rank() {
            d += 4.0;
        } else if o.suit() == c.suit() {
            match o.rank().value().abs_diff(c.rank().value()) {
                1 => d += 3.0,
                2 => d += 1.5,
                _ => {}
            }
        }
    }
    d
}

/// How much the opponent is likely to want `c`, from the cards they are known to hold and what
/// they threw away.
pub fn danger(c: Card, k: &Knowledge) -> f32 {
    let mut d = opp_interest(c, k);
    for o in k.opp_discarded.union(k.opp_declined) {
        if o.rank() == c.rank() {
            d -= 1.0;
        }
    }
    d
}

/// The card that may not be thrown this turn: the one just taken from the discard pile, unless
/// the rules allow throwing it back.
pub fn kept_card(rules: &crate::rules::RuleSettings, taken: Option<Card>) -> Option<Card> {
    if rules.may_discard_taken_card {
        None
    } else {
        taken
    }
}

/// The state of an 11-card hand for the discard decision.
pub struct DiscardEval {
    /// The best arrangement of the hand.
    pub arrangement: Arrangement,
    /// Deadwood cards that may be thrown (excludes the card just taken, when that is the rule),
    /// with the deadwood left after throwing each.
    pub options: Vec<(Card, u32)>,
}

impl DiscardEval {
    /// Weighs discards from `hand`; `keep`, the card just taken from the pile, may not be discarded.
    pub fn new(hand: CardSet, keep: Option<Card>) -> DiscardEval {
        let arrangement = best_arrangement(hand);
        let dw = arrangement.deadwood_points();
        let mut options: Vec<(Card, u32)> = arrangement
            .deadwood
            .iter()
            .filter(|&c| Some(c) != keep)
            .map(|c| (c, dw - c.points()))
            .collect();
        if options.is_empty() {
            // Everything is melded (or only the kept card is loose): throw a meld card whose
            // meld survives, if any; else any legal card at its true cost.
            options = hand
                .iter()
                .filter(|&c| Some(c) != keep)
                .map(|c| (c, best_arrangement(hand.without(c)).deadwood_points()))
                .collect();
        }
        DiscardEval {
            arrangement,
            options,
        }
    }

    /// The discard leaving the least deadwood (the higher card on a tie), if any.
    pub fn best_option(&self) -> Option<(Card, u32)> {
        least_deadwood(self.options.iter().copied())
    }

    /// Least deadwood reachable by one discard.
    pub fn best_deadwood(&self) -> u32 {
        self.options.iter().map(|o| o.1).min().unwrap_or(u32::MAX)
    }
}

/// Among (discard, deadwood left) options, the one leaving the least deadwood, throwing the
/// higher card on a tie.
pub fn least_deadwood(options: impl IntoIterator<Item = (Card, u32)>) -> Option<(Card, u32)> {
    options
        .into_iter()
        .min_by_key(|&(c, d)| (d, std::cmp::Reverse(c.points())))
}

/// Medium's choice among discard options: shed points, keep cards with outs, avoid feeding the
/// opponent. Early in the hand outs matter more; late, points do.
pub fn pick_discard(ev: &DiscardEval, unseen: CardSet, k: &Knowledge, stock_len: usize) -> Card {
    let best = ev.best_deadwood();
    let outs_weight = 0.5 + 2.5 * (stock_len as f32 / 31.0);
    let dw_set = ev.arrangement.deadwood;
    let mut choice = ev.options[0].0;
    let mut best_score = f32::MIN;
    for &(c, after) in &ev.options {
        // Options that leave more deadwood than the best are penalised by the difference.
        let score = c.points() as f32
            - outs_weight * outs(c, dw_set, unseen) as f32
            - 1.2 * danger(c, k)
            - 2.0 * (after - best) as f32;
        if score > best_score {
            best_score = score;
            choice = c;
        }
    }
    choice
}

/// A rough expected deadwood of the opponent after `draws` draws: about 55 at the deal,
/// falling as they build melds. Used to decide whether a knock is likely to win.
pub fn expected_opponent_deadwood(draws: u32) -> f32 {
    (55.0 - 4.5 * draws as f32).max(8.0)
}

/// Medium's knock rule: `dw` is within the limit and clearly below what the other side likely
/// holds after `other_draws` draws. Also the rule Hard's rollouts and samples assume.
pub fn knock_pays(dw: u32, knock_limit: u32, other_draws: u32) -> bool {
    dw <= knock_limit && (dw as f32) + 3.0 < expected_opponent_deadwood(other_draws)
}

/// Whether Medium knocks with `dw` deadwood given what it knows.
pub fn medium_knocks(dw: u32, k: &Knowledge, v: &View) -> bool {
    knock_pays(dw, v.rules.knock_limit, k.opp_draws)
}

/// Whether `top` ends up in a meld of `hand` with it.
pub fn melds_with(hand: CardSet, top: Card) -> bool {
    !best_arrangement(hand.with(top)).deadwood.contains(top)
}

/// What taking `top` and the best discard after it does to `hand`'s deadwood: how much lower
/// it leaves it (negative: higher), and what it leaves. The one measure the take rules below
/// share, each with its own bar.
pub fn take_gain(rules: &crate::rules::RuleSettings, hand: CardSet, top: Card) -> (i64, u32) {
    let keep = kept_card(rules, Some(top));
    let after = DiscardEval::new(hand.with(top), keep).best_deadwood();
    let before = best_arrangement(hand).deadwood_points();
    (i64::from(before) - i64::from(after), after)
}

/// Whether taking `top` is worth it (Medium's rule): it ends up melded, or it lets the hand
/// knock at once and lowers its deadwood by more than 6.
pub fn worth_taking(hand: CardSet, top: Card, v: &View) -> bool {
    melds_with(hand, top) || {
        let (gain, after) = take_gain(&v.rules, hand, top);
        after <= v.rules.knock_limit && gain > 6
    }
}

/// Whether taking `top` leaves `hand` less deadwood after its best discard (an eager taker's
/// rule: the arena's public bots take on it, melding or not).
pub fn lowers_deadwood(rules: &crate::rules::RuleSettings, hand: CardSet, top: Card) -> bool {
    take_gain(rules, hand, top).0 > 0
}

/// The knock or gin action for an 11-card hand after discarding `c`, if allowed.
pub fn knock_action(hand: CardSet, c: Card, v: &View) -> Option<Action> {
    let a = best_arrangement(hand.without(c));
    let dw = a.deadwood_points();
    if dw == 0 {
        Some(Action::Gin { discard: Some(c) })
    } else if dw <= v.rules.knock_limit {
        Some(Action::Knock {
            discard: c,
            melds: a.melds,
        })
    } else {
        None
    }
}

/// Big gin when the rules score it and all 11 cards meld.
pub fn big_gin(v: &View) -> Option<Action> {
    (v.rules.big_gin_bonus.is_some()
        && v.hand.len() == 11
        && best_arrangement(v.hand).deadwood.is_empty())
    .then_some(Action::Gin { discard: None })
}

/// The next optimal layoff, or finish.
pub fn next_layoff(v: &View) -> Action {
    let Some(k) = &v.knock else {
        return Action::FinishLayoffs;
    };
    let (lay, _) = best_layoffs(&k.current_melds(), v.hand);
    match lay.first() {
        Some(l) => Action::LayOff {
            card: l.card,
            meld: l.meld,
        },
        None => Action::FinishLayoffs,
    }
}

/// Medium: see the module docs.
#[derive(Clone, Debug)]
pub struct Medium;

impl Bot for Medium {
    fn name(&self) -> &'static str {
        "medium"
    }

    fn decide(&self, v: &View) -> Action {
        match v.phase {
            Phase::OfferToNonDealer | Phase::OfferToDealer => match v.discard_top() {
                Some(t) if worth_taking(v.hand, t, v) => Action::TakeUpcard,
                _ => Action::PassUpcard,
            },
            Phase::Draw { stock_only, .. } => match v.discard_top() {
                Some(t) if !stock_only && worth_taking(v.hand, t, v) => Action::TakeDiscard,
                _ => Action::DrawStock,
            },
            Phase::Discard { .. } => {
                if let Some(a) = big_gin(v) {
                    return a;
                }
                let k = &v.knowledge;
                let keep = kept_card(&v.rules, v.taken_from_discard);
                let ev = DiscardEval::new(v.hand, keep);
                // Gin or a good knock with the least-deadwood discard.
                let (best_c, best_dw) = ev
                    .best_option()
                    .unwrap_or((v.hand.first().unwrap_or(v.upcard), u32::MAX));
                if (best_dw == 0 || (best_dw != u32::MAX && medium_knocks(best_dw, k, v)))
                    && let Some(a) = knock_action(v.hand, best_c, v)
                {
                    return a;
                }
                Action::Discard(pick_discard(&ev, v.unseen(k), k, v.stock_len))
            }
            Phase::Layoff { .. } => next_layoff(v),
            Phase::Finished => Action::FinishLayoffs,
        }
    }
}

/// Why the hint suggests its move: a fact with the cards it is about, for the table to word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintReason {
    /// Take this card from the pile: it goes into a meld.
    TakeIntoMeld(Card),
    /// Take this card from the pile: it helps towards a knock.
    TakeTowardsKnock(Card),
    /// Pass on this upcard: it would not go into a meld.
    PassUnmelded(Card),
    /// Draw from the stock rather than take this card: it would not go into a meld.
    DrawUnmelded(Card),
    /// Draw from the stock (there is no choice).
    DrawOnly,
    /// Discard this card, leaving `deadwood`; `wanted` when the opponent may want it.
    Discard {
        /// The card to discard.
        card: Card,
        /// The deadwood left after it.
        deadwood: u32,
        /// The opponent may want it.
        wanted: bool,
    },
    /// Knock with this discard, leaving `deadwood`.
    Knock {
        /// The discard to knock with.
        discard: Card,
        /// The deadwood left.
        deadwood: u32,
    },
    /// Go gin with this discard (`None`: big gin, no discard).
    Gin(Option<Card>),
    /// Lay this card off onto the knocker's melds.
    LayOff(Card),
    /// Nothing more fits the knocker's melds.
    Done,
}

/// What the hint button shows: Medium's move and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move Medium would make.
    pub action: Action,
    /// Why, as a fact the shell words.
    pub reason: HintReason,
}

/// The move Medium would make, with the reason a player can follow (the hint button).
pub fn hint(v: &View) -> Hint {
    let a = Medium.decide(v);
    let dw = |h: CardSet| best_arrangement(h).deadwood_points();
    let reason = match &a {
        Action::TakeUpcard | Action::TakeDiscard => match v.discard_top() {
            Some(t) if !best_arrangement(v.hand.with(t)).deadwood.contains(t) => {
                HintReason::TakeIntoMeld(t)
            }
            Some(t) => HintReason::TakeTowardsKnock(t),
            None => HintReason::DrawOnly,
        },
        Action::PassUpcard => match v.discard_top() {
            Some(t) => HintReason::PassUnmelded(t),
            None => HintReason::DrawOnly,
        },
        Action::DrawStock => match v.discard_top() {
            Some(t)
                if !matches!(
                    v.phase,
                    Phase::Draw {
                        stock_only: true,
                        ..
                    }
                ) =>
            {
                HintReason::DrawUnmelded(t)
            }
            _ => HintReason::DrawOnly,
        },
        Action::Discard(c) => HintReason::Discard {
            card: *c,
            deadwood: dw(v.hand.without(*c)),
            wanted: opp_interest(*c, &v.knowledge) > 0.0,
        },
        Action::Knock { discard, .. } => HintReason::Knock {
            discard: *discard,
            deadwood: dw(v.hand.without(*discard)),
        },
        Action::Gin { discard } => HintReason::Gin(*discard),
        Action::LayOff { card, .. } => HintReason::LayOff(*card),
        Action::FinishLayoffs => HintReason::Done,
    };
    Hint { action: a, reason }
}

/// Easy: Medium with mistakes. See the module docs.
#[derive(Clone, Debug)]
pub struct Easy {
    /// The seed its mistakes follow from.
    pub seed: u64,
}

impl Bot for Easy {
    fn name(&self) -> &'static str {
        "easy"
    }

    fn decide(&self, v: &View) -> Action {
        let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(self.seed ^ v.fingerprint()));
        match v.phase {
            Phase::OfferToNonDealer | Phase::OfferToDealer | Phase::Draw { .. } => {
                let a = Medium.decide(v);
                // Misses a good pickup one time in four.
                if matches!(a, Action::TakeUpcard | Action::TakeDiscard) && rng.random_bool(0.25) {
                    return if matches!(a, Action::TakeUpcard) {
                        Action::PassUpcard
                    } else {
                        Action::DrawStock
                    };
                }
                a
            }
            Phase::Discard { .. } => {
                let keep = kept_card(&v.rules, v.taken_from_discard);
                let ev = DiscardEval::new(v.hand, keep);
                let best_dw = ev.best_deadwood();
                // Knocks late: only with gin or very little deadwood.
                if best_dw <= 3.min(v.rules.knock_limit)
                    && let Some(&(c, _)) = ev.options.iter().find(|o| o.1 == best_dw)
                    && let Some(a) = knock_action(v.hand, c, v)
                {
                    return a;
                }
                // Keeps the wrong card now and then.
                if rng.random_bool(0.3) {
                    let i = rng.random_range(0..ev.options.len());
                    return Action::Discard(ev.options[i].0);
                }
                let k = &v.knowledge;
                Action::Discard(pick_discard(&ev, v.unseen(k), k, v.stock_len))
            }
            Phase::Layoff { .. } => {
                // Forgets the rest of its layoffs half the time.
                if rng.random_bool(0.5) {
                    Action::FinishLayoffs
                } else {
                    next_layoff(v)
                }
            }
            Phase::Finished => Action::FinishLayoffs,
        }
    }
}
