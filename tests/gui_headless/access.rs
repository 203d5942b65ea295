//! The table for a screen reader: the hand as a list of named cards, and the keyboard
//! highlight as the focus the screen reader follows.

use super::*;
use bevy::a11y::{AccessibilityNode, AccessibilityRequested};
use bevy_input_focus::InputFocus;
use hollywood_gin::gui::scene::access::{Announcer, HandItem, HandList, PileItem};
use hollywood_gin::lang::{Lang, Voice};
use hollywood_gin::rules::best_arrangement;
use hollywood_gin::words::{self, speech};
use std::collections::BTreeMap;

/// Asks for the tree, as a screen reader does through AccessKit.
fn ask_for_the_tree(app: &mut App) {
    let asked = AccessibilityRequested::default();
    asked.set(true);
    app.insert_resource(asked);
}

/// The list's items, in their order: (entity, label, selected).
fn items(app: &mut App) -> Vec<(Entity, String, bool)> {
    let mut q = app
        .world_mut()
        .query::<(Entity, &HandItem, &AccessibilityNode)>();
    let mut v: Vec<(usize, Entity, String, bool)> = q
        .iter(app.world())
        .map(|(e, i, n)| {
            (
                i.0,
                e,
                n.label().map(|l| l.to_string()).unwrap_or_default(),
                n.is_selected().unwrap_or(false),
            )
        })
        .collect();
    v.sort_by_key(|x| x.0);
    v.into_iter().map(|(_, e, l, s)| (e, l, s)).collect()
}

/// What the list should say: each card of the hand as shown, by name.
fn expected(app: &mut App) -> Vec<String> {
    let hand = round(app).hand(HUMAN);
    let shown = app.world().resource::<HandView>().order.order(hand).0;
    let a = best_arrangement(hand);
    let en = Voice::new(Lang::En);
    (0..shown.len())
        .map(|i| speech::hand_card(&en, &shown, i, &a, None).unwrap())
        .collect()
}

#[test]
fn the_hand_is_a_list_a_screen_reader_walks_with_the_highlight_as_its_focus() {
    let mut app = app("access", 7);
    settle(&mut app);
    // Nothing is built until an assistive technology asks for the tree.
    assert!(items(&mut app).is_empty());
    ask_for_the_tree(&mut app);
    app.update();
    app.update();
    let said = items(&mut app);
    assert_eq!(
        said.iter().map(|s| s.1.clone()).collect::<Vec<_>>(),
        expected(&mut app)
    );
    assert!(said.len() >= 10, "{said:?}");
    assert!(
        said.iter()
            .all(|(_, l, _)| !l.contains(['♣', '♦', '♥', '♠'])),
        "{said:?}"
    );
    let mut lists = app
        .world_mut()
        .query_filtered::<&AccessibilityNode, With<HandList>>();
    let list = lists.single(app.world()).unwrap();
    assert_eq!(list.label(), Some("Your hand"));

    // The arrows move the highlight; the focus follows it onto the card's item, selected.
    reach_a_discard_with_eleven_cards(&mut app);
    press_key(&mut app, KeyCode::ArrowRight);
    press_key(&mut app, KeyCode::ArrowRight);
    let focus = app
        .world()
        .resource::<HandView>()
        .focus
        .expect("a highlight");
    let said = items(&mut app);
    assert_eq!(said.len(), 11);
    assert_eq!(
        said.iter().map(|s| s.1.clone()).collect::<Vec<_>>(),
        expected(&mut app)
    );
    let at = app.world().resource::<InputFocus>().get().expect("a focus");
    let (_, label, selected) = said.iter().find(|s| s.0 == at).expect("focus on an item");
    assert!(selected, "{label}");
    assert!(
        label.starts_with(&speech::card(&Voice::new(Lang::En), focus)),
        "{label} for {focus}"
    );
    assert_eq!(said.iter().filter(|s| s.2).count(), 1);
}

/// The live lines' values, by line.
fn announced(app: &mut App, line: Announcer) -> Option<String> {
    let mut q = app.world_mut().query::<(&Announcer, &AccessibilityNode)>();
    q.iter(app.world())
        .find(|(l, _)| **l == line)
        .and_then(|(_, n)| n.value().map(str::to_string))
}

#[test]
fn the_prompt_and_the_opponent_s_turn_are_live_lines_with_cards_by_name() {
    let mut app = app("access-live", 7);
    ask_for_the_tree(&mut app);
    reach_a_discard_with_eleven_cards(&mut app);
    let en = Voice::new(Lang::En);
    let prompt = announced(&mut app, Announcer::Prompt).expect("a prompt line");
    assert!(
        prompt.contains("Discard: the arrows choose a card"),
        "{prompt}"
    );
    assert!(prompt.contains("Your deadwood:"), "{prompt}");
    // Discard the highlighted card; the computer moves; its turn is said with cards by name.
    let before = round(&app).history().len();
    press_key(&mut app, KeyCode::ArrowRight);
    // ↑ acts as a click: the first raises the card, the second plays it.
    press_key(&mut app, KeyCode::ArrowUp);
    press_key(&mut app, KeyCode::ArrowUp);
    for _ in 0..100 {
        settle(&mut app);
        let moved = round(&app).history().len() > before + 1;
        if moved && matches!(phase(&app), TurnPhase::Draw | TurnPhase::RoundOver) {
            break;
        }
        app.update();
    }
    let said = announced(&mut app, Announcer::Opponent).expect("an opponent line");
    let r = round(&app).clone();
    let written = words::last_computer_turn(&en, &r.seen_moves()).expect("a turn");
    assert!(written.contains(['♣', '♦', '♥', '♠']), "{written}");
    assert_eq!(said, speech::spoken(&en, &written));
    assert!(!said.contains(['♣', '♦', '♥', '♠']), "{said}");
    assert!(said.contains(" of "), "{said}");
    println!("said: {prompt:?}, then {said:?}");
}

#[test]
fn when_drawing_the_highlight_on_a_pile_is_the_focus_and_the_stock_keeps_its_secret() {
    let mut app = app("access-piles", 7);
    ask_for_the_tree(&mut app);
    reach_a_draw(&mut app);
    let r = round(&app).clone();
    let en = Voice::new(Lang::En);
    let pile_said = |app: &mut App| -> Option<(PileItem, String)> {
        let at = app.world().resource::<InputFocus>().get()?;
        let mut q = app.world_mut().query::<(&PileItem, &AccessibilityNode)>();
        q.get(app.world(), at)
            .ok()
            .map(|(p, n)| (*p, n.label().unwrap_or_default().to_string()))
    };
    press_key(&mut app, KeyCode::ArrowRight);
    let stock_top = *r.stock().last().unwrap();
    assert_eq!(app.world().resource::<HandView>().focus, Some(stock_top));
    let (pile, label) = pile_said(&mut app).expect("the focus on a pile");
    assert_eq!(pile, PileItem::Stock);
    assert_eq!(label, format!("The stock, {} cards", r.stock().len()));
    // The stock's top card is never named.
    assert!(!label.contains(&speech::card(&en, stock_top)), "{label}");
    // The discard pile says its top card (after both passed the upcard, the first draw is from
    // the stock, so the highlight does not go there now).
    let top = r.discard_top().unwrap();
    let mut q = app.world_mut().query::<(&PileItem, &AccessibilityNode)>();
    let discard = q
        .iter(app.world())
        .find(|(p, _)| **p == PileItem::Discard)
        .map(|(_, n)| n.label().unwrap_or_default().to_string());
    assert_eq!(
        discard.as_deref(),
        Some(format!("The discard pile: {} on top", speech::card(&en, top)).as_str())
    );
}

/// What a screen reader was told, line by line: the focus as it moved (its node's label) and
/// each live line as it was set, in order. Frame numbers are left out (the computer thinks on a
/// thread of its own, so they vary); [`Listener::check`] asserts the timing instead.
#[derive(Default)]
struct Listener {
    lines: Vec<String>,
    last: BTreeMap<&'static str, String>,
    /// The on-demand node heard last (a new one is a new message).
    on_demand: Option<Entity>,
    frame: u64,
    /// The frame the turn's phase last changed, and whether the prompt has been set anew
    /// since (each phase has a prompt of its own).
    changed_at: u64,
    prompt_since: bool,
    seen: Option<TurnPhase>,
    /// The frame the round's moves last grew, and how many there were.
    moved_at: u64,
    moves: usize,
}

impl Listener {
    fn hear(&mut self, what: &'static str, text: String) {
        if self.last.get(what) != Some(&text) {
            if !text.is_empty() {
                self.lines.push(format!("{what}: {text}"));
            }
            self.last.insert(what, text);
        }
    }

    /// One frame: runs it, then reads the tree as AccessKit would send it.
    fn frame(&mut self, app: &mut App) {
        app.update();
        self.frame += 1;
        self.check(app);
    }

    /// Reads the tree after a frame, and asserts what must hold in every frame: the focus is
    /// on a node (or nowhere), no text has a suit symbol, the opponent's line is their last
    /// turn as the core has it within two frames of its move, and the prompt was set anew
    /// within two frames of each new phase.
    fn check(&mut self, app: &mut App) {
        let en = Voice::new(Lang::En);
        let focus = app.world().resource::<InputFocus>().get();
        let mut nodes = app.world_mut().query::<(Entity, &AccessibilityNode)>();
        let mut texts = Vec::new();
        for (_, n) in nodes.iter(app.world()) {
            texts.extend(n.label().map(str::to_string));
            texts.extend(n.value().map(str::to_string));
        }
        for t in &texts {
            assert!(!t.contains(['♣', '♦', '♥', '♠']), "a suit symbol in {t:?}");
        }
        if let Some(at) = focus {
            let node = nodes
                .get(app.world(), at)
                .map(|(_, n)| n.label().unwrap_or_default().to_string());
            let label = node.expect("the focus is on an entity with a node");
            self.hear("focus", label);
        }
        let r = round(app).clone();
        let now = Some(phase(app));
        if now != self.seen {
            self.seen = now;
            self.changed_at = self.frame;
            self.prompt_since = false;
        }
        if r.history().len() != self.moves {
            self.moves = r.history().len();
            self.moved_at = self.frame;
        }
        let prompt = announced(app, Announcer::Prompt).unwrap_or_default();
        if self.last.get("prompt") != Some(&prompt) {
            self.prompt_since = true;
        }
        self.hear("prompt", prompt);
        let theirs = announced(app, Announcer::Opponent).unwrap_or_default();
        self.hear("opponent", theirs.clone());
        // Said once the turn is whole: checked when it is the player's to act.
        if self.frame > self.moved_at + 2 && r.to_act() == Some(HUMAN) {
            let written = words::last_computer_turn(&en, &r.seen_moves()).unwrap_or_default();
            assert_eq!(
                theirs,
                speech::spoken(&en, &written),
                "frame {} (moved at {}, {:?})",
                self.frame,
                self.moved_at,
                phase(app)
            );
        }
        if self.frame > self.changed_at + 2 {
            assert!(
                self.prompt_since || self.changed_at == 0,
                "the prompt was not said again within two frames of frame {}",
                self.changed_at
            );
        }
        let mut q = app
            .world_mut()
            .query::<(Entity, &Announcer, &AccessibilityNode)>();
        let said = q
            .iter(app.world())
            .find(|(_, a, _)| **a == Announcer::OnDemand)
            .map(|(e, _, n)| (e, n.value().unwrap_or_default().to_string()));
        if let Some((e, text)) = said
            && self.on_demand != Some(e)
        {
            self.on_demand = Some(e);
            self.lines.push(format!("said: {text}"));
        }
    }

    /// Presses `key`, frame by frame as the window sends it.
    fn key(&mut self, app: &mut App, key: KeyCode) {
        self.lines.push(format!("key {key:?}"));
        for state in [ButtonState::Pressed, ButtonState::Released] {
            key_event(app, key, state);
            self.frame(app);
        }
        self.frame(app);
    }

    /// Moves the highlight with → until it is on `c`, or with ← when it stops at the end
    /// first (the arrows do not wrap).
    fn highlight(&mut self, app: &mut App, c: Card) {
        for key in [KeyCode::ArrowRight, KeyCode::ArrowLeft] {
            for _ in 0..12 {
                if app.world().resource::<HandView>().focus == Some(c) {
                    return;
                }
                self.key(app, key);
            }
        }
        panic!("the arrows never reached {c}");
    }
}

/// Whole rounds played with the keys alone, as a screen reader's user plays it: the moves are
/// Medium's (for the player's seat), each made with the keys the prompt names; what the tree
/// said is the transcript, kept as a golden file (`tests/gui_headless/golden/`) so that a
/// change of wording is reviewed (`GOLDEN=write` writes it anew).
#[test]
fn whole_rounds_by_keyboard_are_spoken_and_match_the_golden_transcript() {
    let mut app = app("access-round", 3);
    ask_for_the_tree(&mut app);
    let mut l = Listener::default();
    let me = Level::Medium.bot(5);
    let (mut asked_melds, mut asked_repeat) = (false, false);
    // Rounds are played until the player has knocked (or gone gin) in one and laid off on the
    // computer's knock in another.
    let (mut mine_knocked, mut their_knock_laid_off, mut rounds) = (false, false, 0);
    let end = std::time::Instant::now() + Duration::from_secs(300);
    loop {
        assert!(std::time::Instant::now() < end, "the round never ended");
        // Let the table come to rest, listening.
        for _ in 0..400 {
            l.frame(&mut app);
            if at_rest(&mut app) {
                break;
            }
        }
        let p = phase(&app);
        if p == TurnPhase::RoundOver {
            let r = round(&app);
            let knocker = r.knock().map(|k| k.knocker);
            mine_knocked |= knocker == Some(HUMAN);
            their_knock_laid_off |= knocker == Some(OPPONENT) && !r.knock().unwrap().gin;
            if rounds == 0 {
                l.key(&mut app, KeyCode::KeyC);
            }
            rounds += 1;
            if (mine_knocked && their_knock_laid_off) || rounds == 8 {
                break;
            }
            l.key(&mut app, KeyCode::KeyN);
            continue;
        }
        if matches!(p, TurnPhase::OpponentTurn | TurnPhase::Dealing) {
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        if !asked_repeat && round(&app).seen_moves().iter().any(|m| m.seat != HUMAN) {
            l.key(&mut app, KeyCode::KeyR);
            asked_repeat = true;
        }
        let decision = {
            let series = app.world().resource::<Series>();
            let r = series.current.round();
            me.decide(&View::of(r, HUMAN, Some(series.current.scoreboard())))
        };
        let r = round(&app).clone();
        match decision {
            Action::PassUpcard => l.key(&mut app, KeyCode::KeyP),
            Action::TakeUpcard => l.key(&mut app, KeyCode::KeyT),
            Action::DrawStock => {
                l.highlight(&mut app, *r.stock().last().unwrap());
                l.key(&mut app, KeyCode::Enter);
            }
            Action::TakeDiscard => {
                l.highlight(&mut app, r.discard_top().unwrap());
                l.key(&mut app, KeyCode::Enter);
            }
            Action::Discard(c) => {
                if !asked_melds {
                    l.key(&mut app, KeyCode::KeyM);
                    l.key(&mut app, KeyCode::KeyS);
                    asked_melds = true;
                }
                l.highlight(&mut app, c);
                l.key(&mut app, KeyCode::Enter);
                l.key(&mut app, KeyCode::Enter);
            }
            Action::Knock { discard, .. } => {
                l.key(&mut app, KeyCode::KeyM);
                l.key(&mut app, KeyCode::KeyK);
                l.highlight(&mut app, discard);
                l.key(&mut app, KeyCode::Enter);
            }
            Action::Gin { .. } => l.key(&mut app, KeyCode::KeyG),
            Action::LayOff { card, .. } => {
                l.highlight(&mut app, card);
                l.key(&mut app, KeyCode::Enter);
            }
            Action::FinishLayoffs => l.key(&mut app, KeyCode::KeyD),
        }
        let after = round(&app).history().len();
        assert!(
            after > r.history().len(),
            "{decision:?} by keys did nothing"
        );
    }
    assert!(
        mine_knocked && their_knock_laid_off,
        "in {rounds} rounds the player knocked: {mine_knocked}; laid off: {their_knock_laid_off}"
    );
    let transcript = l.lines.join("\n") + "\n";
    // Every item of a round is in it.
    for needle in [
        "prompt: Your turn: the upcard is",
        "focus: The piles",
        "Keys: P Pass and T Take",
        "focus: The stock,",
        "prompt: You drew ",
        "Discard: the arrows choose a card",
        "opponent: The computer ",
        "said: Your melds:",
        "said: The computer ",
        "of 11, ",
        "said: Game 1: you ",
        ", raised: Enter again throws it",
        "Keys: K Knock (",
        "prompt: You drew from the stock and knocked, throwing ",
        "prompt: The computer's melds: ",
        "Lay off: the arrows choose a card",
        ", lays off on the ",
        "Keys: D Done and L Lay off all",
        "Keys: N Next round.",
        "said: Round 1: games 1, 2, 3 open. Your hand: ",
        "said: Round 2: ",
        "key KeyS\nsaid: Sorted: ",
    ] {
        assert!(
            transcript.contains(needle),
            "no {needle:?} in:\n{transcript}"
        );
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/gui_headless/golden/round_en.txt"
    );
    if std::env::var("GOLDEN").as_deref() == Ok("write") {
        std::fs::write(path, &transcript).expect("the golden file is writable");
    }
    let golden = std::fs::read_to_string(path).unwrap_or_default();
    if golden != transcript {
        let at = golden
            .lines()
            .zip(transcript.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(golden.lines().count().min(transcript.lines().count()));
        panic!(
            "the transcript differs from {path} at line {}:\n  golden: {:?}\n  now:    {:?}\n\
             (GOLDEN=write writes it anew; review the change)\n\n{transcript}",
            at + 1,
            golden.lines().nth(at),
            transcript.lines().nth(at)
        );
    }
}

/// Presses `key` (with its logical key, which egui reads) and lets egui draw after it.
fn egui_key(app: &mut App, code: KeyCode, key: bevy::input::keyboard::Key) {
    use bevy::input::keyboard::KeyboardInput;
    let window = window_entity(app);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: key.clone(),
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
    wait(app, 0.1);
}

/// egui's last tree update: each node's label (its name) by id, and the focus's label.
fn egui_tree(app: &mut App) -> Option<(Vec<String>, Option<String>)> {
    let mut q = app.world_mut().query::<&bevy_egui::EguiOutput>();
    let out = q.iter(app.world()).next()?;
    let update = out.platform_output.accesskit_update.as_ref()?;
    // A node's name: its label, or the text of the node that labels it (a text field's).
    let name = |n: &accesskit::Node| -> Option<String> {
        n.label().map(str::to_string).or_else(|| {
            let by = *n.labelled_by().first()?;
            let (_, l) = update.nodes.iter().find(|(id, _)| *id == by)?;
            l.label().or(l.value()).map(str::to_string)
        })
    };
    let labels = update.nodes.iter().filter_map(|(_, n)| name(n)).collect();
    let focus = update
        .nodes
        .iter()
        .find(|(id, _)| *id == update.focus)
        .and_then(|(_, n)| name(n));
    Some((labels, focus))
}

/// Every text in egui's last tree update: the nodes' labels and values (a label's text runs).
fn egui_texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&bevy_egui::EguiOutput>();
    let Some(update) = q
        .iter(app.world())
        .next()
        .and_then(|o| o.platform_output.accesskit_update.as_ref())
    else {
        return Vec::new();
    };
    update
        .nodes
        .iter()
        .flat_map(|(_, n)| [n.label(), n.value()])
        .flatten()
        .map(str::to_string)
        .collect()
}

/// The menu's pages are egui's: with a screen reader, egui sends their tree (buttons by name),
/// the page opens with its first button in focus, Tab walks the buttons and Enter presses one;
/// back at the table egui sends nothing, and the table's tree is read again.
#[test]
fn the_menu_is_read_from_egui_s_tree_and_walked_with_tab_and_enter() {
    use bevy::input::keyboard::Key;
    use hollywood_gin::gui::app::modes::MenuScreen;
    let mut app = app("access-menu", 7);
    settle(&mut app);
    press_key(&mut app, KeyCode::Escape);
    wait(&mut app, 0.2);
    assert_eq!(
        *app.world().resource::<State<MenuScreen>>().get(),
        MenuScreen::Main
    );
    // No screen reader: egui builds no tree.
    assert_eq!(egui_tree(&mut app), None);
    ask_for_the_tree(&mut app);
    // The page, opened anew with a reader on.
    press_key(&mut app, KeyCode::Escape);
    press_key(&mut app, KeyCode::Escape);
    wait(&mut app, 0.2);
    let (labels, focus) = egui_tree(&mut app).expect("egui's tree while the menu is open");
    for name in ["New series", "Settings", "How to play", "Quit"] {
        assert!(labels.iter().any(|l| l == name), "no {name} in {labels:?}");
    }
    let first = focus.expect("the page opens with its first button in focus");
    assert_eq!(first, "Play");
    // Tab walks the buttons until Settings; Enter opens it.
    let mut seen = vec![first];
    for _ in 0..12 {
        if seen.last().map(String::as_str) == Some("Settings") {
            break;
        }
        egui_key(&mut app, KeyCode::Tab, Key::Tab);
        let (_, focus) = egui_tree(&mut app).expect("a tree");
        seen.push(focus.unwrap_or_default());
    }
    assert_eq!(
        seen.last().map(String::as_str),
        Some("Settings"),
        "{seen:?}"
    );
    egui_key(&mut app, KeyCode::Enter, Key::Enter);
    wait(&mut app, 0.3);
    assert_eq!(
        *app.world().resource::<State<MenuScreen>>().get(),
        MenuScreen::Settings,
        "Tab walked {seen:?}"
    );
    let (labels, focus) = egui_tree(&mut app).expect("the settings page's tree");
    assert!(
        focus.is_some(),
        "the settings page opens with a widget in focus"
    );
    // The gin bonus's two choices, and the relay's field named by its label.
    for name in ["20", "25", "Relay for Play a friend"] {
        assert!(labels.iter().any(|l| l == name), "no {name} in {labels:?}");
    }
    // Play a friend: its name field and the invite code's field are named by their labels,
    // beside Host a series, Paste and Join.
    press_key(&mut app, KeyCode::Escape);
    wait(&mut app, 0.2);
    let mut focus = egui_tree(&mut app).and_then(|t| t.1);
    for _ in 0..12 {
        if focus.as_deref() == Some("Play a friend") {
            break;
        }
        egui_key(&mut app, KeyCode::Tab, Key::Tab);
        focus = egui_tree(&mut app).and_then(|t| t.1);
    }
    egui_key(&mut app, KeyCode::Enter, Key::Enter);
    wait(&mut app, 0.3);
    assert_eq!(
        *app.world().resource::<State<MenuScreen>>().get(),
        MenuScreen::Friend
    );
    let (labels, focus) = egui_tree(&mut app).expect("the friend page's tree");
    assert_eq!(focus.as_deref(), Some("Your name"), "{labels:?}");
    for name in [
        "Host a series",
        "Invite code from your friend",
        "Paste",
        "Join",
    ] {
        assert!(labels.iter().any(|l| l == name), "no {name} in {labels:?}");
    }
    // How to play: its texts are in the tree, for the reader's own review keys.
    press_key(&mut app, KeyCode::Escape);
    wait(&mut app, 0.2);
    for _ in 0..12 {
        if egui_tree(&mut app).and_then(|t| t.1).as_deref() == Some("How to play") {
            break;
        }
        egui_key(&mut app, KeyCode::Tab, Key::Tab);
    }
    egui_key(&mut app, KeyCode::Enter, Key::Enter);
    wait(&mut app, 0.3);
    assert_eq!(
        *app.world().resource::<State<MenuScreen>>().get(),
        MenuScreen::Help
    );
    let texts = egui_texts(&mut app);
    for text in ["HOW A ROUND GOES", "KNOCKING", "Back"] {
        assert!(
            texts.iter().any(|t| t.contains(text)),
            "no {text} in {texts:?}"
        );
    }
    // Back to the table: egui stops, the table's nodes are there.
    press_key(&mut app, KeyCode::Escape);
    press_key(&mut app, KeyCode::Escape);
    wait(&mut app, 0.2);
    assert_eq!(
        *app.world().resource::<State<MenuScreen>>().get(),
        MenuScreen::Closed
    );
    assert_eq!(egui_tree(&mut app), None);
    assert!(!items(&mut app).is_empty());
}
