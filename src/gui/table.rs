//! The table: every card as one entity for the whole round, laid out from the rules core's
//! state, moved with eased slides, and played with the mouse and keyboard against a bot.
//!
//! Decisions:
//! - Layout is a pure function of the core's state and the window size ([`layout`]); after any
//!   change each card gets a new target and slides there. Nothing here tracks rules: the
//!   positions say what the core says.
//! - The turn phase is a Bevy `States` enum ([`TurnPhase`]) computed from the core after every
//!   applied action; input systems run only in their phase.
//! - Hit-testing is done on the card rectangles the layout produced (topmost first), which is
//!   exact for axis-aligned cards and needs no picking backend.
//! - The bot decides on `AsyncComputeTaskPool` from a [`View`]; its move is shown after a short
//!   pause so the player can follow it. While a card moves or the bot thinks the table asks for
//!   redraws; otherwise it sleeps (reactive mode).

use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy::winit::{UpdateMode, WinitSettings};

use super::art::CardArt;
use super::buttons::Command;
use crate::ai::{Level, View};
use crate::rules::{
    Action, Card, CardSet, Match, Phase, RuleSettings, Seat, best_arrangement, best_layoffs,
};

/// The human sits at P1, the computer at P2.
pub const HUMAN: Seat = Seat::P1;
pub const COMPUTER: Seat = Seat::P2;
const NAMES: [&str; 2] = ["You", "Computer"];

/// The match being played and the table's own settings.
#[derive(Resource)]
pub struct Game {
    pub m: Match,
    pub level: Level,
    pub bot_seed: u64,
    /// The last thing that happened, shown to the player.
    pub message: String,
    /// Seconds a card takes to slide (0 = instant).
    pub slide_secs: f32,
    pub four_color: bool,
    /// In the discard phase: the next card clicked knocks instead of discarding.
    pub knocking: bool,
    /// The hand card raised by a first click; a second click (or a drag to the pile) plays it.
    pub selected: Option<Card>,
}

impl Game {
    pub fn new(seed: u64) -> Game {
        Game {
            m: Match::new(RuleSettings::default(), seed),
            level: Level::Medium,
            bot_seed: seed ^ 0xB07,
            message: String::new(),
            slide_secs: 0.35,
            four_color: false,
            knocking: false,
            selected: None,
        }
    }

    /// Applies an action through the rules core; a refusal becomes the message.
    pub fn act(&mut self, seat: Seat, action: Action) -> bool {
        match self.m.apply(seat, action) {
            Ok(_) => {
                if let Some(res) = self.m.round().result() {
                    self.message = res.explain(NAMES);
                }
                true
            }
            Err(e) => {
                self.message = e.to_string();
                false
            }
        }
    }
}

/// Whose move it is and what kind, derived from the core.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    Dealing,
    UpcardOffer,
    Draw,
    Discard,
    Layoff,
    ComputerTurn,
    RoundOver,
}

pub fn phase_of(m: &Match) -> TurnPhase {
    let r = m.round();
    match (r.phase(), r.to_act()) {
        (Phase::Finished, _) | (_, None) => TurnPhase::RoundOver,
        (_, Some(s)) if s != HUMAN => TurnPhase::ComputerTurn,
        (Phase::OfferToNonDealer | Phase::OfferToDealer, _) => TurnPhase::UpcardOffer,
        (Phase::Draw { .. }, _) => TurnPhase::Draw,
        (Phase::Discard { .. }, _) => TurnPhase::Discard,
        (Phase::Layoff { .. }, _) => TurnPhase::Layoff,
    }
}

/// One card on the table.
#[derive(Component)]
pub struct CardSprite(pub Card);

/// Where the layout wants a card, and whether it shows its face.
#[derive(Component, Clone, Copy, PartialEq)]
pub struct Placed {
    pub pos: Vec3,
    pub face_up: bool,
}

/// An eased move in progress.
#[derive(Component)]
pub struct Slide {
    from: Vec3,
    to: Vec3,
    t: f32,
    secs: f32,
}

#[derive(Component)]
struct StatusText;

type TextItem = (&'static mut Text2d, &'static mut Transform);

#[derive(Component)]
struct ScoreText;

/// The bot's pending decision.
#[derive(Resource, Default)]
struct BotTask {
    task: Option<Task<Action>>,
    started: Option<Duration>,
    ready: Option<Action>,
}

/// Card size and positions for a window of `size` logical pixels.
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    pub card: Vec2,
    pub size: Vec2,
}

impl Metrics {
    pub fn new(size: Vec2) -> Metrics {
        let h = (size.y * 0.2).min(size.x * 0.09 * 420.0 / 300.0).max(60.0);
        Metrics {
            card: Vec2::new(h * 300.0 / 420.0, h),
            size,
        }
    }
    pub fn stock(&self) -> Vec2 {
        Vec2::new(-self.card.x * 0.75, self.size.y * 0.04)
    }
    pub fn discard(&self) -> Vec2 {
        Vec2::new(self.card.x * 0.75, self.size.y * 0.04)
    }
}

/// The order a hand is shown in: melds first (runs low to high, sets by suit), then deadwood by
/// rank; the index where each group starts, so the layout can leave a gap between groups.
pub fn arranged(hand: CardSet) -> (Vec<Card>, Vec<usize>) {
    let a = best_arrangement(hand);
    let mut order = Vec::new();
    let mut starts = Vec::new();
    for m in &a.melds {
        starts.push(order.len());
        order.extend(m.sorted_cards());
    }
    starts.push(order.len());
    let mut dead: Vec<Card> = a.deadwood.iter().collect();
    dead.sort_by_key(|c| (c.rank(), c.suit()));
    order.extend(dead);
    (order, starts)
}

/// Target position and face for every card, from the core's state.
pub fn layout(m: &Match, met: Metrics, lift: Option<Card>) -> Vec<(Card, Placed)> {
    let r = m.round();
    let mut out = Vec::with_capacity(52);
    let (cw, ch) = (met.card.x, met.card.y);
    let over = r.is_finished();
    // Stock: a face-down pile whose thickness shows how many cards are left.
    for (i, &c) in r.stock().iter().enumerate() {
        let p = met.stock() + Vec2::new(-(i as f32) * 0.35, i as f32 * 0.35);
        out.push((
            c,
            Placed {
                pos: p.extend(1.0 + i as f32 * 0.01),
                face_up: false,
            },
        ));
    }
    // Discard pile: the top card, with the three below it peeking out.
    let pile = r.discard_pile();
    for (i, &c) in pile.iter().enumerate() {
        let from_top = (pile.len() - 1 - i) as f32;
        let shift = from_top.min(3.0) * cw * 0.06;
        let p = met.discard() + Vec2::new(-shift, 0.0);
        out.push((
            c,
            Placed {
                pos: p.extend(2.0 + i as f32 * 0.01),
                face_up: true,
            },
        ));
    }
    // Hands: the human's fanned at the bottom, the computer's at the top.
    let row = |seat: Seat, y: f32, face_up: bool, out: &mut Vec<(Card, Placed)>| {
        let hand = r.hand(seat);
        let (order, starts) = if face_up {
            arranged(hand)
        } else {
            (hand.iter().collect(), vec![])
        };
        let n = order.len().max(1) as f32;
        let gaps = starts.iter().filter(|&&s| s > 0 && s < order.len()).count() as f32;
        let gap = cw * 0.25;
        let step = (cw * 0.62).min((met.size.x * 0.92 - cw - gaps * gap) / (n - 1.0).max(1.0));
        let width = step * (n - 1.0) + gaps * gap;
        let mut x = -width / 2.0;
        for (i, &c) in order.iter().enumerate() {
            if i > 0 && starts.contains(&i) {
                x += gap;
            }
            let raise = if seat == HUMAN && lift == Some(c) {
                ch * 0.15
            } else {
                0.0
            };
            let pos = Vec3::new(x, y + raise, 10.0 + i as f32 * 0.01);
            out.push((c, Placed { pos, face_up }));
            x += step;
        }
    };
    let bottom = -met.size.y / 2.0 + ch * 0.62;
    let top = met.size.y / 2.0 - ch * 0.62;
    row(HUMAN, bottom, true, &mut out);
    row(
        COMPUTER,
        top,
        over || r.knock().is_some_and(|k| k.knocker == COMPUTER),
        &mut out,
    );
    // Laid-off cards: shown just below the knocker's row.
    if let Some(k) = r.knock() {
        let y = if k.knocker == HUMAN {
            bottom + ch * 0.45
        } else {
            top - ch * 0.45
        };
        for (i, l) in k.layoffs.iter().enumerate() {
            let x = (i as f32 - (k.layoffs.len() as f32 - 1.0) / 2.0) * cw * 0.62;
            out.push((
                l.card,
                Placed {
                    pos: Vec3::new(x, y, 20.0 + i as f32 * 0.01),
                    face_up: true,
                },
            ));
        }
    }
    out
}

/// The primary window's size in logical pixels (1280×800 before it exists).
pub(super) fn window_size(q: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    q.single().map_or(Vec2::new(1280.0, 800.0), |w| {
        Vec2::new(w.width(), w.height())
    })
}

fn setup(mut commands: Commands, art: Res<CardArt>, windows: Query<&Window, With<PrimaryWindow>>) {
    commands.spawn(Camera2d);
    let met = Metrics::new(window_size(&windows));
    let start = met.stock().extend(1.0);
    for c in crate::rules::Card::all() {
        let mut sprite = Sprite::from_image(art.back.clone());
        sprite.custom_size = Some(met.card);
        commands.spawn((CardSprite(c), sprite, Transform::from_translation(start)));
    }
    let font = |px: f32| TextFont {
        font_size: FontSize::Px(px),
        ..default()
    };
    commands.spawn((
        StatusText,
        Text2d::new(""),
        font(20.0),
        TextColor(Color::WHITE),
        Transform::from_xyz(0.0, 0.0, 50.0),
    ));
    commands.spawn((
        ScoreText,
        Text2d::new(""),
        font(16.0),
        TextColor(Color::srgb(0.9, 0.95, 0.85)),
        Transform::from_xyz(0.0, 0.0, 50.0),
    ));
}

/// Recomputes every card's target after a change of state or window size.
fn place_cards(
    mut commands: Commands,
    game: Res<Game>,
    art: Res<CardArt>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cards: Query<(
        Entity,
        &CardSprite,
        &mut Sprite,
        &Transform,
        Option<&Placed>,
    )>,
) {
    let met = Metrics::new(window_size(&windows));
    let targets = layout(&game.m, met, game.selected);
    let mut by_card = [None; 52];
    for (c, p) in targets {
        by_card[c.index() as usize] = Some(p);
    }
    for (e, cs, mut sprite, tf, old) in &mut cards {
        let Some(p) = by_card[cs.0.index() as usize] else {
            continue;
        };
        if old == Some(&p) && sprite.custom_size == Some(met.card) {
            continue;
        }
        sprite.custom_size = Some(met.card);
        sprite.image = if p.face_up {
            art.face(cs.0, game.four_color)
        } else {
            art.back.clone()
        };
        let mut ec = commands.entity(e);
        ec.insert(p);
        if game.slide_secs <= 0.0 || old.is_none() && tf.translation == p.pos {
            ec.insert(Transform::from_translation(p.pos));
        } else {
            // Lift moving cards above the rest while they travel.
            ec.insert(Slide {
                from: tf.translation,
                to: p.pos,
                t: 0.0,
                secs: game.slide_secs,
            });
        }
    }
}

fn slide_cards(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (e, mut s, mut tf) in &mut q {
        s.t += time.delta_secs() / s.secs.max(1e-3);
        let k = EasingCurve::new(0.0f32, 1.0, EaseFunction::CubicOut).sample_clamped(s.t);
        let mut p = s.from.lerp(s.to, k);
        p.z = s.to.z + 100.0 * (1.0 - k).min(1.0) * f32::from(s.t < 1.0);
        tf.translation = p;
        if s.t >= 1.0 {
            tf.translation = s.to;
            commands.entity(e).remove::<Slide>();
        }
    }
}

fn update_texts(
    game: Res<Game>,
    state: Res<State<TurnPhase>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut status: Query<TextItem, (With<StatusText>, Without<ScoreText>)>,
    mut score: Query<TextItem, (With<ScoreText>, Without<StatusText>)>,
) {
    let met = Metrics::new(window_size(&windows));
    let r = game.m.round();
    let dw = best_arrangement(r.hand(HUMAN)).deadwood_points();
    let prompt = match state.get() {
        TurnPhase::Dealing => String::new(),
        TurnPhase::UpcardOffer => "Take the upcard or pass.".into(),
        TurnPhase::Draw => "Draw: click or drag the stock or the discard pile.".into(),
        TurnPhase::Discard if game.knocking => {
            "Knock: click the card to discard (Esc or Knock to cancel).".into()
        }
        TurnPhase::Discard => "Discard: double-click a card or drag it onto the pile.".into(),
        TurnPhase::Layoff => "The computer knocked. Lay off your cards, then Done.".into(),
        TurnPhase::ComputerTurn => "Computer is thinking...".into(),
        TurnPhase::RoundOver => String::new(),
    };
    let text = format!("{prompt}\nYour deadwood: {dw}   {}", game.message);
    if let Ok((mut t, mut tf)) = status.single_mut() {
        if t.0 != text {
            t.0 = text;
        }
        tf.translation = Vec3::new(0.0, -met.size.y / 2.0 + met.card.y * 1.55, 50.0);
    }
    let sb = game.m.scoreboard();
    let mut s = String::new();
    for (i, g) in sb.games.iter().enumerate() {
        let state = match g.winner {
            Some(w) => format!(" (won by {})", NAMES[w.index()]),
            None => String::new(),
        };
        s.push_str(&format!(
            "Game {}: You {}  Computer {}{state}\n",
            i + 1,
            g.total(HUMAN),
            g.total(COMPUTER)
        ));
    }
    if let Ok((mut t, mut tf)) = score.single_mut() {
        if t.0 != s {
            t.0 = s;
        }
        tf.translation = Vec3::new(
            -met.size.x / 2.0 + 150.0,
            met.size.y / 2.0 - met.card.y * 1.5,
            50.0,
        );
    }
}

/// The update mode: while something moves or the bot thinks, wake every 15 ms on a timer;
/// when the table is still, sleep until input (or 5 s), so an idle table costs no CPU.
/// A timer was more reliable under X11 than asking for a redraw from inside each frame.
pub fn update_mode(busy: bool) -> WinitSettings {
    let mode = if busy {
        UpdateMode::reactive(Duration::from_millis(15))
    } else {
        UpdateMode::Reactive {
            wait: Duration::from_secs(5),
            react_to_device_events: true,
            react_to_user_events: true,
            react_to_window_events: true,
        }
    };
    WinitSettings {
        focused_mode: mode,
        unfocused_mode: mode,
    }
}

fn keep_awake(
    slides: Query<(), With<Slide>>,
    bot: Res<BotTask>,
    mut winit: ResMut<WinitSettings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = !slides.is_empty() || bot.task.is_some() || bot.ready.is_some();
    let want = update_mode(busy);
    if winit.focused_mode != want.focused_mode || winit.unfocused_mode != want.unfocused_mode {
        *winit = want;
    }
    if busy {
        redraw.write(RequestRedraw);
    }
}

fn sync_phase(game: Res<Game>, mut next: ResMut<NextState<TurnPhase>>) {
    if game.is_changed() {
        NextState::set_if_neq(&mut *next, phase_of(&game.m));
    }
}

/// The card under the cursor: the topmost one whose rectangle contains it.
fn card_at<'a>(world: Vec2, cards: impl Iterator<Item = (Card, Vec3, Vec2)> + 'a) -> Option<Card> {
    let mut best: Option<(f32, Card)> = None;
    for (c, pos, size) in cards {
        let d = (world - pos.truncate()).abs();
        if d.x <= size.x / 2.0 && d.y <= size.y / 2.0 && best.is_none_or(|(z, _)| pos.z > z) {
            best = Some((pos.z, c));
        }
    }
    best.map(|b| b.1)
}

/// A card being pressed or dragged with the mouse.
#[derive(Resource, Default)]
struct Drag {
    card: Option<Card>,
    start: Vec2,
    moved: bool,
}

/// The cursor in world coordinates, if it is over the window.
pub(super) fn cursor_world(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cams: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Vec2> {
    let cursor = windows.single().ok()?.cursor_position()?;
    let (cam, gt) = cams.single().ok()?;
    cam.viewport_to_world_2d(gt, cursor).ok()
}

#[allow(clippy::too_many_arguments)]
fn human_input(
    mut commands: Commands,
    mut game: ResMut<Game>,
    mut drag: ResMut<Drag>,
    state: Res<State<TurnPhase>>,
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut commands_in: MessageReader<Command>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    mut cards: Query<(Entity, &CardSprite, &mut Transform, &Sprite)>,
    slides: Query<(), With<Slide>>,
) {
    let command = commands_in.read().last().copied();
    if !slides.is_empty() {
        return;
    }
    let world = cursor_world(&windows, &cams);
    let met = Metrics::new(window_size(&windows));
    let under = |cards: &Query<(Entity, &CardSprite, &mut Transform, &Sprite)>| {
        world.and_then(|w| {
            card_at(
                w,
                cards.iter().map(|(_, cs, tf, sp)| {
                    (cs.0, tf.translation, sp.custom_size.unwrap_or(Vec2::ONE))
                }),
            )
        })
    };
    // Press: remember the card; move past a few pixels: drag it; release: click or drop.
    if mouse.just_pressed(MouseButton::Left) {
        *drag = Drag {
            card: under(&cards),
            start: world.unwrap_or_default(),
            moved: false,
        };
    }
    // A copy, so the handlers below can update the game while reading the round.
    let round = game.m.round().clone();
    let r = &round;
    let phase = *state.get();
    let draggable = |c: Card| match phase {
        TurnPhase::Discard => r.hand(HUMAN).contains(c),
        TurnPhase::Draw => Some(c) == r.discard_top() || Some(&c) == r.stock().last(),
        _ => false,
    };
    if mouse.pressed(MouseButton::Left) {
        if let (Some(c), Some(w)) = (drag.card, world) {
            if draggable(c) && (drag.moved || w.distance(drag.start) > 6.0) {
                drag.moved = true;
                if let Some((_, _, mut tf, _)) = cards.iter_mut().find(|(_, cs, _, _)| cs.0 == c) {
                    tf.translation = w.extend(300.0);
                }
            }
        }
    }
    let mut clicked = None;
    let mut dropped = None;
    if mouse.just_released(MouseButton::Left) {
        if let Some(c) = drag.card.take() {
            if drag.moved {
                dropped = Some((c, world.unwrap_or(drag.start)));
            } else if under(&cards) == Some(c) {
                clicked = Some(c);
            }
        }
    }
    // A drop that does not become a move sends the card back to its place.
    let snap_back = |commands: &mut Commands, c: Card| {
        if let Some((e, ..)) = cards.iter().find(|(_, cs, _, _)| cs.0 == c) {
            commands.entity(e).remove::<Placed>();
        }
    };
    let on_pile = |p: Vec2| {
        let d = (p - met.discard()).abs();
        d.x <= met.card.x * 0.9 && d.y <= met.card.y * 0.9
    };
    let top = r.discard_top();
    let in_stock = |c: Card| r.stock().contains(&c);
    let mine = |c: Card| r.hand(HUMAN).contains(c);
    let mut actions: Vec<Action> = Vec::new();
    match (state.get(), command) {
        (TurnPhase::UpcardOffer, Some(Command::Pass)) => actions.push(Action::PassUpcard),
        (TurnPhase::UpcardOffer, Some(Command::TakeUpcard)) => actions.push(Action::TakeUpcard),
        (TurnPhase::UpcardOffer, None) if clicked.is_some() && clicked == top => {
            actions.push(Action::TakeUpcard)
        }
        (TurnPhase::Draw, _) => {
            // A click on either pile, or a drag from it down towards the hand.
            let pick = clicked.or(dropped.filter(|&(_, p)| p.y < 0.0).map(|d| d.0));
            match pick {
                Some(c) if in_stock(c) => actions.push(Action::DrawStock),
                Some(c) if Some(c) == top => actions.push(Action::TakeDiscard),
                _ => {}
            }
            if let Some((c, _)) = dropped.filter(|_| actions.is_empty()) {
                snap_back(&mut commands, c);
            }
        }
        (TurnPhase::Discard, Some(Command::Knock)) => {
            game.knocking = !game.knocking;
            return;
        }
        (TurnPhase::Discard, Some(Command::Gin)) => {
            // Gin with the discard that keeps everything melded (the core lists it).
            if let Some(a) = r
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Gin { .. }))
            {
                actions.push(a);
            }
        }
        (TurnPhase::Discard, _) => {
            if keys.just_pressed(KeyCode::Escape) {
                game.knocking = false;
                return;
            }
            // A second click on the raised card, or a drop on the discard pile, plays it.
            let play = match (clicked, dropped) {
                (Some(c), _) if mine(c) && game.selected == Some(c) => Some(c),
                (Some(c), _) if mine(c) => {
                    game.selected = Some(c);
                    None
                }
                (_, Some((c, p))) if mine(c) && on_pile(p) => Some(c),
                (_, Some((c, _))) => {
                    snap_back(&mut commands, c);
                    None
                }
                _ => None,
            };
            match play {
                Some(c) if game.knocking => {
                    let found = r.legal_actions().into_iter().find(|a| match a {
                        Action::Knock { discard, .. } => *discard == c,
                        Action::Gin { discard } => *discard == Some(c),
                        _ => false,
                    });
                    match found {
                        Some(a) => actions.push(a),
                        None => {
                            game.message = format!(
                                "Discarding {c} leaves more than {}.",
                                r.rules().knock_limit
                            );
                            snap_back(&mut commands, c);
                            return;
                        }
                    }
                }
                Some(c) => actions.push(Action::Discard(c)),
                None => {}
            }
        }
        (TurnPhase::Layoff, Some(Command::LayOffAll)) => {
            if let Some(k) = r.knock() {
                let (lay, _) = best_layoffs(&k.current_melds(), r.hand(HUMAN));
                actions.extend(lay.into_iter().map(|l| Action::LayOff {
                    card: l.card,
                    meld: l.meld,
                }));
            }
        }
        (TurnPhase::Layoff, Some(Command::Done)) => actions.push(Action::FinishLayoffs),
        (TurnPhase::RoundOver, Some(Command::NextRound)) => {
            let res = if game.m.scoreboard().is_over() {
                let rules = game.m.rules().clone();
                game.m.new_series(rules)
            } else {
                game.m.next_round()
            };
            match res {
                Ok(()) => game.message.clear(),
                Err(e) => game.message = e.to_string(),
            }
        }
        _ => {}
    }
    if !actions.is_empty() {
        game.knocking = false;
        game.selected = None;
        game.message.clear();
        for a in actions {
            if !game.act(HUMAN, a) {
                break;
            }
        }
    }
}

/// Runs the bot's decision off the render thread, then shows it after a short pause.
fn computer_turn(
    mut game: ResMut<Game>,
    mut bot: ResMut<BotTask>,
    time: Res<Time>,
    slides: Query<(), With<Slide>>,
) {
    let now = time.elapsed();
    if bot.task.is_none() && bot.ready.is_none() {
        let Some(seat) = game.m.round().to_act() else {
            return;
        };
        if seat != COMPUTER {
            return;
        }
        let view = View::of(game.m.round(), seat, Some(game.m.scoreboard()));
        let (level, seed) = (game.level, game.bot_seed);
        bot.task =
            Some(AsyncComputeTaskPool::get().spawn(async move { level.bot(seed).decide(&view) }));
        bot.started = Some(now);
        debug!("bot thinking in {:?}", game.m.round().phase());
        return;
    }
    if let Some(task) = bot.task.as_mut()
        && let Some(a) = check_ready(task)
    {
        debug!("bot decided {a:?}");
        bot.ready = Some(a);
        bot.task = None;
    }
    let pause = Duration::from_millis(if game.slide_secs > 0.0 { 450 } else { 0 });
    if bot.ready.is_some() && slides.is_empty() && bot.started.is_some_and(|s| now >= s + pause) {
        if let Some(a) = bot.ready.take() {
            game.act(COMPUTER, a);
        }
        bot.started = None;
    }
}

/// The table's systems, so other plugins can order themselves around it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableSet;

/// The table plugin: cards, layout, input, the bot's turns.
pub struct TablePlugin {
    pub seed: u64,
}

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Game::new(self.seed))
            .init_resource::<BotTask>()
            .init_resource::<Drag>()
            .init_state::<TurnPhase>()
            .add_systems(Startup, setup)
            .add_systems(
                Update,
                (
                    sync_phase,
                    human_input
                        .run_if(not(in_state(TurnPhase::ComputerTurn)))
                        .run_if(not(in_state(TurnPhase::Dealing))),
                    computer_turn.run_if(in_state(TurnPhase::ComputerTurn)),
                    place_cards,
                    slide_cards,
                    update_texts,
                    keep_awake,
                )
                    .chain()
                    .in_set(TableSet),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Seat;

    fn metrics() -> Metrics {
        Metrics::new(Vec2::new(1280.0, 800.0))
    }

    #[test]
    fn layout_places_every_card_once_and_hides_what_must_be_hidden() {
        let mut m = Match::new(RuleSettings::default(), 12);
        for step in 0..40 {
            let placed = layout(&m, metrics(), None);
            assert_eq!(placed.len(), 52, "step {step}");
            let set: CardSet = placed.iter().map(|p| p.0).collect();
            assert_eq!(set.len(), 52, "a card placed twice at step {step}");
            let r = m.round();
            for (c, p) in &placed {
                if r.hand(HUMAN).contains(*c) {
                    assert!(p.face_up, "own cards face up");
                }
                if r.stock().contains(c) {
                    assert!(!p.face_up, "stock face down");
                }
                if r.hand(COMPUTER).contains(*c) && r.knock().is_none() && !r.is_finished() {
                    assert!(!p.face_up, "computer's hand hidden during play");
                }
            }
            // Everything on screen: inside the window.
            for (_, p) in &placed {
                assert!(
                    p.pos.x.abs() <= 640.0 && p.pos.y.abs() <= 400.0,
                    "{:?} off screen",
                    p.pos
                );
            }
            let Some(seat) = m.round().to_act() else {
                break;
            };
            let a = m.round().legal_actions()[0].clone();
            m.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn turn_phase_follows_the_core() {
        let mut m = Match::new(RuleSettings::default(), 3);
        // Drive to each phase and compare.
        for _ in 0..60 {
            let r = m.round();
            let expected = match (r.phase(), r.to_act()) {
                (Phase::Finished, _) => TurnPhase::RoundOver,
                (_, Some(s)) if s == Seat::P2 => TurnPhase::ComputerTurn,
                (Phase::OfferToNonDealer | Phase::OfferToDealer, _) => TurnPhase::UpcardOffer,
                (Phase::Draw { .. }, _) => TurnPhase::Draw,
                (Phase::Discard { .. }, _) => TurnPhase::Discard,
                (Phase::Layoff { .. }, _) => TurnPhase::Layoff,
            };
            assert_eq!(phase_of(&m), expected);
            let Some(seat) = r.to_act() else { break };
            let a = r.legal_actions()[0].clone();
            m.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn hand_is_shown_melds_first() {
        let hand = CardSet::parse("KD 2C 3C 4C 9H 9S 9D 5H").unwrap();
        let (order, starts) = arranged(hand);
        assert_eq!(order.len(), 8);
        // Two melds (run, set) then the deadwood 5H KD.
        assert_eq!(starts, vec![0, 3, 6]);
        assert_eq!(order[6].to_string(), "5H");
        assert_eq!(order[7].to_string(), "KD");
    }
}
